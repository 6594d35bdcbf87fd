/**
 * Settings: one form per category, sent to `PUT /api/v1/admin/settings` with only the
 * fields the administrator changed (an endpoint is shown without its credentials, so it
 * is sent back only when retyped), each field's validation message beside it; and the
 * change history (what changed, never who).
 */
import { settingsChanges } from "@/domain/rag/admin_screen.ts";
import { redacted, type Settings } from "@/domain/rag/settings.ts";
import { FieldError, Time, Title } from "../../_console_kit/mod.ts";
import { type Label, type Lang, t } from "../_i18n.ts";
import type { Screen } from "./_screen.ts";

type Kind = "number" | "bool" | "text" | "endpoint" | readonly string[];
type Category = keyof Settings;

const FORMS: readonly [Category, readonly [Label, Kind][]][] = [
  ["ingestion", [
    ["chunkSize", "number"],
    ["chunkOverlap", "number"],
    ["workerCount", "number"],
    ["batchSize", "number"],
    ["maxRetries", "number"],
    ["backoffMs", "number"],
  ]],
  ["embedding", [["provider", ["openai"]], ["endpoint", "endpoint"], ["model", "text"], ["dimensions", "number"]]],
  ["retrieval", [
    ["rrfK", "number"],
    ["textSearchConfig", ["korean", "simple"]],
    ["safeContexts", "number"],
    ["candidateLimit", "number"],
  ]],
  ["llm", [
    ["provider", ["ollama", "openai"]],
    ["endpoint", "endpoint"],
    ["model", "text"],
    ["temperature", "number"],
    ["maxContextTokens", "number"],
  ]],
  ["lifecycle", [
    ["publicationApprovalRequired", "bool"],
    ["retentionDays", "number"],
    ["sourceDeleteCascade", "bool"],
    ["fileStoreApprovalRequired", "bool"],
  ]],
];

function Input({ name, kind, value }: { name: string; kind: Kind; value: unknown }) {
  if (typeof kind !== "string") {
    return (
      <select name={name}>{kind.map((v) => <option key={v} value={v} selected={v === value}>{v}</option>)}</select>
    );
  }
  if (kind === "bool") return <input type="checkbox" name={name} data-type="bool" checked={value === true} />;
  if (kind === "number") {
    return <input type="number" step="any" name={name} value={String(value)} data-type="number" />;
  }
  return <input name={name} value={String(value ?? "")} size={50} data-empty={kind === "endpoint" ? "null" : ""} />;
}

function CategoryForm({ lang, category, fields, values }: {
  lang: Lang;
  category: Category;
  fields: readonly [Label, Kind][];
  values: Record<string, unknown>;
}) {
  return (
    <form
      class="edit"
      id={`settings-${category}`}
      data-api="PUT /api/v1/admin/settings"
      data-send="changed"
      data-done={t(lang, "saved")}
      data-then="settings"
    >
      <fieldset>
        <legend>{t(lang, category)}</legend>
        {fields.map(([field, kind]) => (
          <div>
            <label>
              <span>{t(lang, field)}</span> <Input name={`${category}.${field}`} kind={kind} value={values[field]} />
            </label>
            {kind === "endpoint" && <div class="hint field-hint">{t(lang, "endpointHint")}</div>}
            <FieldError field={`${category}.${field}`} />
          </div>
        ))}
        <button type="submit">{t(lang, "save")}</button>
      </fieldset>
    </form>
  );
}

/** The current settings as forms, and the latest changes. */
export async function settingsView({ deps, principal, lang }: Screen) {
  const { version, settings } = await deps.ctx.settings.current();
  const shown = redacted(settings);
  const history = await settingsChanges(deps.ctx, principal, 20);
  return (
    <section>
      <Title>
        {t(lang, "settings")} <small>({t(lang, "version")} {version})</small>
      </Title>
      {FORMS.map(([category, fields]) => (
        <CategoryForm
          lang={lang}
          category={category}
          fields={fields}
          values={shown[category] as Record<string, unknown>}
        />
      ))}
      <h3>{t(lang, "history")}</h3>
      <table id="settings-history">
        <thead>
          <tr>
            <th>{t(lang, "version")}</th>
            <th>{t(lang, "at")}</th>
            <th>{t(lang, "changes")}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((h) => (
            <tr data-version={String(h.version)}>
              <td class="num">{h.version}</td>
              <td>
                <Time value={h.changedAt.toISOString()} />
              </td>
              <td>
                {Object.entries(h.changes).map(([field, change]) => (
                  <div>
                    <code>{field}</code>:{" "}
                    {Array.isArray(change) ? change.map((v) => JSON.stringify(v)).join(" → ") : ""}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
