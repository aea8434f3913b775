import { IDENTITY_MESSAGES, identityErrorMessage } from "./errors";

describe("identity error catalogue (SPEC 8)", () => {
  it.each([
    ["EMAIL_EXISTS", "Email already in use. Please try another email or login."],
    ["auth/email-already-exists", "Email already in use. Please try another email or login."],
    ["INVALID_PASSWORD", "Invalid Email or Password. Try again or signUp now"],
    ["INVALID_LOGIN_CREDENTIALS", "Invalid Email or Password. Try again or signUp now"],
    ["auth/wrong-password", "Invalid Email or Password. Try again or signUp now"],
    ["EMAIL_NOT_FOUND", "User not found. Try again or signUp now."],
    ["auth/user-not-found", "User not found. Try again or signUp now."],
    ["WEAK_PASSWORD : Password should be at least 6 characters", "Password should be strong. Try again"],
    ["auth/invalid-password", "Password should be strong. Try again"],
    ["INVALID_EMAIL", "Please enter a valid email address"],
    ["auth/invalid-email", "Please enter a valid email address"],
    ["USER_MISMATCH", "Please login again to change your password"],
    ["TOO_MANY_ATTEMPTS_TRY_LATER", "Something went wrong. Please try again"],
    ["", "Something went wrong. Please try again"],
  ])("maps %s to its message", (code, message) => {
    expect(identityErrorMessage(code)).toBe(message);
  });

  it("has exactly the seven messages of the spec", () => {
    expect(Object.values(IDENTITY_MESSAGES)).toHaveLength(7);
  });
});
