import { describe, expect, it } from "vitest";
import { TooManyRequests } from "../errors";
import { actorOf, createUser, testMeta, unique } from "../testing/factories";
import { registerUser, updateOwnAccount } from "./service";

// The portal's server actions call these services, so the limits hold for the portal as for the API.
describe("limits of the account services behind the portal's actions", () => {
  it("limits registrations per address (the sign-up action included)", async () => {
    const meta = testMeta(`10.66.${Math.floor(Math.random() * 250)}.7`);
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const name = unique();
      await registerUser({ username: name, email: `${name}@example.test`, password: "a long good passphrase", displayName: name }, meta)
        .then(() => outcomes.push("created"))
        .catch((error) => outcomes.push(error.constructor.name));
    }
    expect(outcomes.slice(0, 10).every((outcome) => outcome === "created")).toBe(true);
    expect(outcomes[10]).toBe("TooManyRequests");
  });

  it("makes the e-mail change no unlimited password oracle: wrong passwords are limited per account", async () => {
    const user = await createUser();
    let limited: unknown;
    for (let attempt = 0; attempt < 12 && !limited; attempt++) {
      // A new address each time, as an attacker rotating addresses would.
      await updateOwnAccount(
        actorOf(user),
        { email: `${unique()}@example.test`, currentPassword: `guess ${attempt}` },
        1,
        testMeta(),
      ).catch((error) => {
        if (error instanceof TooManyRequests) limited = error;
      });
    }
    expect(limited).toBeInstanceOf(TooManyRequests);
  });
});
