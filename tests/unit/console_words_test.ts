import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { ERROR_STATUS } from "@/domain/errors.ts";
import { FIELD_MESSAGES_KO, PROBLEMS } from "@/routes/_console_kit/words.ts";

/** What the console script does with a field message (routes/_console_kit/static/forms.js, fieldText). */
function korean(message: string): string {
  for (const [pattern, words] of FIELD_MESSAGES_KO) {
    const m = new RegExp(pattern).exec(message);
    if (m) return words.replace("$1", m[1] ?? "");
  }
  return message;
}

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0].message;

describe("console words", () => {
  it("puts zod's field messages into Korean, keeping the limit they name", () => {
    const cases: Array<[z.ZodType, unknown, string]> = [
      [z.number().int().max(5), 9, "5 이하여야 합니다."],
      [z.number().int().min(1), 0, "1 이상이어야 합니다."],
      [z.string().min(1), "", "비워 둘 수 없습니다."],
      [z.string().max(3), "abcdef", "3자 이하여야 합니다."],
      [z.array(z.string()).max(1), ["a", "b"], "1개 이하여야 합니다."],
      [z.uuid(), "x", "UUID 형식이어야 합니다."],
      [z.enum(["a", "b"]), "c", "허용된 값 중 하나를 고르세요."],
      [z.coerce.number(), "x", "숫자를 입력하세요."],
      [z.boolean(), "x", "예 또는 아니요여야 합니다."],
    ];
    for (const [schema, value, expected] of cases) assert.equal(korean(messageOf(schema, value)), expected);
  });

  it("leaves a message no pattern knows as it was sent", () => {
    assert.equal(
      korean("headRole was removed in 1.0.49; use isDepartmentHead"),
      "headRole was removed in 1.0.49; use isDepartmentHead",
    );
  });

  it("names only problem codes the services have", () => {
    assert.deepEqual(Object.keys(PROBLEMS).filter((code) => !(code in ERROR_STATUS)), []);
  });
});
