/**
 * Signatures as the Standard Webhooks specification defines them, checked with its published
 * reference vector, and the body a delivery sends.
 */
import { Webhook as StandardWebhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliveryBody, signedHeaders } from "./send";

// The reference vector of the Standard Webhooks specification's libraries ("sign function works").
const VECTOR = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: new Date(1614265330 * 1000),
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

describe("delivery signatures", () => {
  it("reproduce the specification's reference vector", () => {
    expect(signedHeaders(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toEqual({
      "webhook-id": VECTOR.id,
      "webhook-timestamp": "1614265330",
      "webhook-signature": VECTOR.signature,
    });
  });

  it("fail verification for a changed body, id or timestamp", () => {
    const headers = signedHeaders(VECTOR.secret, VECTOR.id, new Date(), VECTOR.body);
    const verifier = new StandardWebhook(VECTOR.secret);
    expect(() => verifier.verify(VECTOR.body, headers)).not.toThrow();
    expect(() => verifier.verify('{"test": 2432232315}', headers)).toThrow();
    expect(() => verifier.verify(VECTOR.body, { ...headers, "webhook-id": "msg_other" })).toThrow();
    expect(() =>
      verifier.verify(VECTOR.body, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) }),
    ).toThrow();
  });

  it("send {type, timestamp, data} with the event as data", () => {
    const event = { id: "evt1", type: "member.added", occurredAt: new Date(0), projectId: "p1", actorId: "u1", data: { userId: "u2" } };
    expect(JSON.parse(deliveryBody(event, new Date(1000)))).toEqual({
      type: "member.added",
      timestamp: "1970-01-01T00:00:01.000Z",
      data: {
        id: "evt1",
        type: "member.added",
        occurredAt: "1970-01-01T00:00:00.000Z",
        projectId: "p1",
        actorId: "u1",
        data: { userId: "u2" },
      },
    });
  });
});
