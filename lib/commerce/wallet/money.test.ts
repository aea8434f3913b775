import { formatMoney, formatMoneyCompact } from "./money";

test("chart money drops the cents it does not show: $396, not $396.0; thousands stay compact", () => {
  expect(formatMoneyCompact(396)).toBe("$396");
  expect(formatMoneyCompact(0)).toBe("$0");
  expect(formatMoneyCompact(1250)).toBe("$1.3K");
  expect(formatMoney(39_600)).toBe("$396.00");
});
