/**
 * Settings of the scope the administrator acts on. The installation operator gets the
 * installation's: one form per category. A tenant's administrator gets its tenant's: the
 * retrieval and lifecycle forms with the values that apply to the tenant, each marked as
 * its own override or the installation's default (an override can be dropped), and what
 * every tenant shares as a read-only table. Forms go to `PUT /api/v1/admin/settings` with
 * only the fields changed (an endpoint is shown without its credentials, so it is sent back
 * only when retyped), each field's validation message beside it; then the scope's change
 * history (what changed, never who: a tenant sees only its own).
 */
import {
  type schemas,
  type Settings,
  settingsChanges,
  settingsOf,
  type SettingsScope,
  settingsScope,
  TENANT_CATEGORIES,
} from "@/domain/rag/mod.ts";
import { Badge, FieldError, Time, Title } from "../../_console_kit/mod.ts";
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

type Overrides = schemas.TenantOverrides;

const isTenantCategory = (c: Category) => (TENANT_CATEGORIES as readonly string[]).includes(c);

/** Whether the tenant's overrides set `category.field`. */
function overridden(overrides: Overrides | null, category: Category, field: string): boolean {
  const own = overrides?.[category as keyof Overrides] as Record<string, unknown> | undefined;
  return own !== undefined && Object.hasOwn(own, field);
}

function CategoryForm({ lang, scope, category, fields, values, overrides }: {
  lang: Lang;
  scope: SettingsScope;
  category: Category;
  fields: readonly [Label, Kind][];
  values: Record<string, unknown>;
  overrides: Overrides | null;
}) {
  return (
    <form
      class="edit"
      id={`settings-${category}`}
      data-api={`PUT /api/v1/admin/settings?scope=${scope}`}
      data-send="changed"
      data-done={t(lang, "saved")}
      data-then="settings"
    >
      <fieldset>
        <legend>{t(lang, category)}</legend>
        {fields.map(([field, kind]) => (
          <div data-field={`${category}.${field}`}>
            <label>
              <span>{t(lang, field)}</span> <Input name={`${category}.${field}`} kind={kind} value={values[field]} />
            </label>
            {overrides && (overridden(overrides, category, field)
              ? <Badge lang={lang} value={t(lang, "ownValue")} />
              : <span class="hint">{t(lang, "installationValue")}</span>)}
            {kind === "endpoint" && <div class="hint field-hint">{t(lang, "endpointHint")}</div>}
            <FieldError field={`${category}.${field}`} />
          </div>
        ))}
        <button type="submit">{t(lang, "save")}</button>
      </fieldset>
    </form>
  );
}

/** One button per override of `category`, sending null for it: the installation's value applies again. */
function DropOverrides({ lang, category, fields, overrides }: {
  lang: Lang;
  category: Category;
  fields: readonly [Label, Kind][];
  overrides: Overrides;
}) {
  const own = fields.filter(([field]) => overridden(overrides, category, field));
  if (own.length === 0) return null;
  return (
    <div class="overrides" id={`overrides-${category}`}>
      {own.map(([field]) => (
        <form
          class="inline"
          data-api="PUT /api/v1/admin/settings?scope=tenant"
          data-done={t(lang, "saved")}
          data-then="settings"
        >
          <input type="hidden" name={`${category}.${field}`} value="" data-empty="null" />
          <button type="submit">{t(lang, field)}: {t(lang, "useInstallationValue")}</button>
        </form>
      ))}
    </div>
  );
}

/** What every tenant shares, read-only for a tenant's administrator. */
function SharedSettings({ lang, settings }: { lang: Lang; settings: Settings }) {
  return (
    <table id="settings-shared">
      <caption>{t(lang, "sharedSettings")}</caption>
      <tbody>
        {FORMS.filter(([category]) => !isTenantCategory(category)).flatMap(([category, fields]) =>
          fields.map(([field]) => (
            <tr data-setting={`${category}.${field}`}>
              <td>{t(lang, category)}</td>
              <td>{t(lang, field)}</td>
              <td>
                <code>{String((settings[category] as Record<string, unknown>)[field] ?? "-")}</code>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** The settings of the administrator's scope as forms, and that scope's latest changes. */
export async function settingsView({ deps, principal, lang }: Screen) {
  const scope = settingsScope(principal);
  const shown = await settingsOf(deps.ctx, principal, scope);
  const history = await settingsChanges(deps.ctx, principal, scope, 20);
  const overrides = shown.scope === "tenant" ? shown.overrides : null;
  const forms = FORMS.filter(([category]) => scope === "installation" || isTenantCategory(category));
  return (
    <section data-scope={scope}>
      <Title>
        {t(lang, "settings")} <small>({t(lang, "version")} {shown.version})</small>
      </Title>
      <p class="hint">{t(lang, scope === "installation" ? "installationScope" : "tenantScope")}</p>
      {shown.scope === "tenant" && (
        <p class="hint">
          {t(lang, "installationVersion")} {shown.installationVersion}
        </p>
      )}
      {forms.map(([category, fields]) => (
        <div>
          <CategoryForm
            lang={lang}
            scope={scope}
            category={category}
            fields={fields}
            values={shown.settings[category] as Record<string, unknown>}
            overrides={overrides}
          />
          {overrides && <DropOverrides lang={lang} category={category} fields={fields} overrides={overrides} />}
        </div>
      ))}
      {scope === "tenant" && <SharedSettings lang={lang} settings={shown.settings} />}
      <h3>{t(lang, "history")}</h3>
      {scope === "tenant" && <p class="hint">{t(lang, "installationValueHint")}</p>}
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
                <Time value={h.changedAt} />
              </td>
              <td>
                {Object.entries(h.changes).map(([field, change]) => (
                  <div>
                    <code>{field}</code>: {change.map((v) => JSON.stringify(v)).join(" → ")}
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
