import { demoRequestSchema, demoRequestWithGradeSchema } from "./schema";

const issues = (input: unknown) => {
  const result = demoRequestSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("demo request schema (SPEC 5)", () => {
  it("requires the email and the course, with the spec's course message", () => {
    expect(issues({})).toMatchObject({ userEmail: "Email is required.", course: "Course is required." });
    expect(issues({ userEmail: "", course: "" })).toMatchObject({ userEmail: "Email is required.", course: "Course is required." });
  });

  it("checks the email's form", () => {
    expect(issues({ userEmail: "parent@", course: "1" })).toEqual({ userEmail: "Please enter a valid email address" });
    expect(issues({ userEmail: `${"a".repeat(250)}@example.com`, course: "1" })).toHaveProperty("userEmail");
  });

  it("keeps name, phone, message and class type optional, and empty strings mean not given", () => {
    const parsed = demoRequestSchema.parse({ userEmail: " a@b.co ", course: "not-sure", name: "", number: "", text: " ", type: "" });
    expect(parsed).toEqual({ userEmail: "a@b.co", course: "not-sure" });
  });

  it("accepts only the three class types", () => {
    expect(demoRequestSchema.parse({ userEmail: "a@b.co", course: "1", type: "Any of them" }).type).toBe("Any of them");
    expect(issues({ userEmail: "a@b.co", course: "1", type: "Private jet" })).toHaveProperty("type");
  });

  it("bounds lengths", () => {
    expect(issues({ userEmail: "a@b.co", course: "1", name: "n".repeat(101) })).toHaveProperty("name");
    expect(issues({ userEmail: "a@b.co", course: "1", text: "t".repeat(2001) })).toHaveProperty("text");
    expect(issues({ userEmail: "a@b.co", course: "c".repeat(101) })).toHaveProperty("course");
  });

  it("validates phone numbers and grades", () => {
    expect(issues({ userEmail: "a@b.co", course: "1", number: "call me maybe" })).toEqual({ number: "Please enter a valid phone number." });
    expect(demoRequestSchema.parse({ userEmail: "a@b.co", course: "1", grade: "7" }).grade).toBe(7);
    expect(issues({ userEmail: "a@b.co", course: "1", grade: 13 })).toHaveProperty("grade");
  });

  it("asks for a grade where the booking page has none", () => {
    const result = demoRequestWithGradeSchema.safeParse({ userEmail: "a@b.co", course: "1", grade: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["grade"], message: "Please choose a grade." });
  });
});
