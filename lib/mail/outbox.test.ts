import { expect, it } from "vitest";
import { db } from "../db/client";
import { createUser } from "../testing/factories";
import { mailFor } from "./outbox";

it("shows each user only the mails addressed to them, including an address they are confirming", async () => {
  const [alice, bob] = [await createUser(), await createUser()];
  await db.outboxMail.create({ data: { to: alice.email, subject: "For Alice", body: "a" } });
  await db.outboxMail.create({ data: { to: bob.email, subject: "For Bob", body: "b" } });
  await db.emailVerificationToken.create({ data: { userId: alice.id, email: "alice-new@example.test", tokenHash: `hash-${alice.id}`, expiresAt: new Date(Date.now() + 60_000) } });
  await db.outboxMail.create({ data: { to: "alice-new@example.test", subject: "Confirm", body: "c" } });
  expect((await mailFor(alice.id)).map((mail) => mail.subject).sort()).toEqual(["Confirm", "For Alice"]);
  expect((await mailFor(bob.id)).map((mail) => mail.subject)).toEqual(["For Bob"]);
});
