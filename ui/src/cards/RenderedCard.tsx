import type { ReactNode } from "react";
import type { CardReview } from "../bindings/CardReview";
import type { Diagnostic } from "../bindings/Diagnostic";
import { plural } from "../model/format";
import { asArray, asObject, asText, asTexts, counts, sourceCaption, sourceFor, sourcePlace, under, type Json } from "./cardModel";

/** The card as a person reads it. Every part carries `data-pointer` (its place in the JSON) so a
 * finding can point at it; `target` is the part the selected finding concerns. */
export function RenderedCard(props: { review: CardReview; target: string | null }) {
  const card = asObject(props.review.card) ?? {};
  const ctx: Ctx = { review: props.review, target: props.target };
  const skills = asArray(card.skills);
  return (
    <div className="card-render" data-testid="rendered-card">
      <Identity card={card} ctx={ctx} />
      <Interfaces card={card} ctx={ctx} />
      <Security card={card} ctx={ctx} />
      <Capabilities card={card} ctx={ctx} />
      <Part ctx={ctx} pointer="/skills" className="card-part" title={`Skills (${skills.length})`}>
        {skills.length === 0 && <p className="muted">This card lists no skills. A2A needs at least one.</p>}
        <div className="card-skills">
          {skills.map((skill, i) => (
            <SkillCard key={i} index={i} skill={asObject(skill) ?? {}} ctx={ctx} />
          ))}
        </div>
      </Part>
    </div>
  );
}

type Ctx = { review: CardReview; target: string | null };

/** One part of the card, marked when the selected finding concerns it. */
function Part(props: {
  ctx: Ctx;
  pointer: string;
  className: string;
  title?: string;
  source?: string;
  children: ReactNode;
  as?: "section" | "div" | "li" | "blockquote" | "span";
}) {
  const Tag = props.as ?? "section";
  const on = props.ctx.target === props.pointer;
  return (
    <Tag className={on ? `${props.className} card-target` : props.className} data-pointer={props.pointer} data-target={on ? "true" : undefined}>
      {props.title !== undefined && (
        <div className="card-part-head">
          <h3>{props.title}</h3>
          {props.source !== undefined && <Source ctx={props.ctx} pointer={props.source} />}
        </div>
      )}
      {props.children}
    </Tag>
  );
}

/** "from metadata", with the file and line on hover. */
function Source(props: { ctx: Ctx; pointer: string }) {
  const source = sourceFor(props.ctx.review.sources, props.pointer);
  if (!source) return null;
  const place = sourcePlace(source);
  return (
    <span className="source-caption" title={place ? `Read from ${place}` : undefined} data-testid="source-caption" data-source={source.source}>
      {sourceCaption(source)}
    </span>
  );
}

function Field(props: { ctx: Ctx; pointer: string; label: string; children: ReactNode; source?: boolean }) {
  const on = props.ctx.target === props.pointer;
  return (
    <div className={on ? "card-field card-target" : "card-field"} data-pointer={props.pointer} data-target={on ? "true" : undefined}>
      <dt>{props.label}</dt>
      <dd>
        {props.children}
        {props.source !== false && <Source ctx={props.ctx} pointer={props.pointer} />}
      </dd>
    </div>
  );
}

function Missing() {
  return <span className="muted">not set</span>;
}

function Identity(props: { card: Json; ctx: Ctx }) {
  const { card, ctx } = props;
  const provider = asObject(card.provider);
  const docs = asText(card.documentationUrl);
  const icon = asText(card.iconUrl);
  return (
    <section className="card-part card-identity">
      <div className="card-title" data-pointer="/name" data-target={ctx.target === "/name" ? "true" : undefined}>
        <h2 className={ctx.target === "/name" ? "card-target" : undefined}>{asText(card.name) ?? <Missing />}</h2>
      </div>
      <Part ctx={ctx} pointer="/description" className="card-description" as="div">
        <p>{asText(card.description) ?? <Missing />}</p>
        <Source ctx={ctx} pointer="/description" />
      </Part>
      <dl className="card-fields">
        <Field ctx={ctx} pointer="/version" label="Version">
          {asText(card.version) ?? <Missing />}
        </Field>
        <Field ctx={ctx} pointer="/provider" label="Provider">
          {provider ? (
            <>
              {asText(provider.organization) ?? <Missing />}
              {asText(provider.url) && <span className="card-url"> · {String(provider.url)}</span>}
            </>
          ) : (
            <Missing />
          )}
        </Field>
        <Field ctx={ctx} pointer="/documentationUrl" label="Documentation">
          {docs ? <span className="card-url">{docs}</span> : <Missing />}
        </Field>
        {icon && (
          <Field ctx={ctx} pointer="/iconUrl" label="Icon">
            <span className="card-url">{icon}</span>
          </Field>
        )}
      </dl>
    </section>
  );
}

function Interfaces(props: { card: Json; ctx: Ctx }) {
  const { card, ctx } = props;
  const interfaces = asArray(card.supportedInterfaces).map((i) => asObject(i) ?? {});
  return (
    <Part ctx={ctx} pointer="/supportedInterfaces" className="card-part" title="How to reach it" source="/supportedInterfaces">
      {interfaces.length === 0 ? (
        <p className="notice warning">No interface: other agents would not know where to call this one.</p>
      ) : (
        <ul className="card-list">
          {interfaces.map((iface, i) => (
            <Part key={i} ctx={ctx} pointer={`/supportedInterfaces/${i}`} className="card-interface" as="li">
              <span className="card-url">{asText(iface.url) ?? <Missing />}</span>
              <span className="card-interface-meta">
                <span className="pill neutral" title="Protocol binding">{asText(iface.protocolBinding) ?? "no binding"}</span>
                <span className="pill neutral" title="A2A protocol version">A2A {asText(iface.protocolVersion) ?? "?"}</span>
                {i === 0 && interfaces.length > 1 && <span className="muted small">preferred</span>}
              </span>
            </Part>
          ))}
        </ul>
      )}
      <ModeRow ctx={ctx} label="Accepts" pointer="/defaultInputModes" modes={asTexts(card.defaultInputModes)} />
      <ModeRow ctx={ctx} label="Answers with" pointer="/defaultOutputModes" modes={asTexts(card.defaultOutputModes)} />
    </Part>
  );
}

function ModeRow(props: { ctx: Ctx; label: string; pointer: string; modes: string[] }) {
  const on = props.ctx.target === props.pointer;
  return (
    <div className={on ? "card-modes card-target" : "card-modes"} data-pointer={props.pointer} data-target={on ? "true" : undefined}>
      <span className="card-modes-label">{props.label}</span>
      {props.modes.length === 0 ? <Missing /> : props.modes.map((m) => <code key={m}>{m}</code>)}
      <Source ctx={props.ctx} pointer={props.pointer} />
    </div>
  );
}

/** A security scheme in words: its kind and the particulars a caller needs. */
function describeScheme(wrapper: Json): { kind: string; detail: string; description: string | null } {
  const [variant, raw] = Object.entries(wrapper)[0] ?? ["", {}];
  const s = asObject(raw) ?? {};
  const description = asText(s.description);
  switch (variant) {
    case "apiKeySecurityScheme":
      return { kind: "API key", detail: `sent in the ${asText(s.location) ?? "?"} as “${asText(s.name) ?? "?"}”`, description };
    case "httpAuthSecurityScheme":
      return {
        kind: `HTTP ${asText(s.scheme) ?? "authentication"}`,
        detail: asText(s.bearerFormat) ? `token format ${String(s.bearerFormat)}` : "",
        description,
      };
    case "oauth2SecurityScheme":
      return { kind: "OAuth 2.0", detail: Object.keys(asObject(s.flows) ?? {}).join(", "), description };
    case "openIdConnectSecurityScheme":
      return { kind: "OpenID Connect", detail: asText(s.openIdConnectUrl) ?? "", description };
    case "mtlsSecurityScheme":
      return { kind: "Mutual TLS", detail: "a client certificate", description };
    default:
      return { kind: variant || "Unknown scheme", detail: "", description };
  }
}

function Security(props: { card: Json; ctx: Ctx }) {
  const { card, ctx } = props;
  const schemes = Object.entries(asObject(card.securitySchemes) ?? {});
  const requirements = asArray(card.securityRequirements).map((r) => asObject(asObject(r)?.schemes) ?? {});
  const none = schemes.length === 0;
  return (
    <Part ctx={ctx} pointer="/securitySchemes" className="card-part" title="Who may call it" source="/securitySchemes">
      {none ? (
        <div className="notice warning card-no-auth" data-testid="no-authentication">
          <strong>No authentication.</strong> Anyone who can reach this agent can call it.
          {props.ctx.review.publish && " This card is meant for publication, so this is rarely what you want."}
        </div>
      ) : (
        <ul className="card-list">
          {schemes.map(([name, wrapper]) => {
            const d = describeScheme(asObject(wrapper) ?? {});
            return (
              <Part key={name} ctx={ctx} pointer={`/securitySchemes/${name}`} className="card-scheme" as="li">
                <span>
                  <strong>{d.kind}</strong> <span className="muted">({name})</span>
                  {d.detail && <span className="muted"> · {d.detail}</span>}
                </span>
                {d.description && <span className="muted small">{d.description}</span>}
              </Part>
            );
          })}
        </ul>
      )}
      {requirements.length > 0 && (
        <Part ctx={ctx} pointer="/securityRequirements" className="card-requirements" as="div">
          <span className="card-modes-label">{requirements.length > 1 ? "Callers present one of" : "Callers present"}</span>
          {requirements.map((r, i) => (
            <span key={i} className="pill neutral">
              {Object.entries(r)
                .map(([name, scopes]) => {
                  const list = asTexts(asObject(scopes)?.list);
                  return list.length ? `${name} (${list.join(", ")})` : name;
                })
                .join(" and ") || "nothing"}
            </span>
          ))}
        </Part>
      )}
    </Part>
  );
}

function YesNo(props: { value: unknown }) {
  return props.value === true ? <span className="badge ok">Yes</span> : <span className="badge neutral">No</span>;
}

function Capabilities(props: { card: Json; ctx: Ctx }) {
  const { card, ctx } = props;
  const caps = asObject(card.capabilities) ?? {};
  const extensions = asArray(caps.extensions).map((e) => asObject(e) ?? {});
  return (
    <Part ctx={ctx} pointer="/capabilities" className="card-part" title="What it supports" source="/capabilities">
      <div className="card-capabilities">
        <span>
          Streaming answers <YesNo value={caps.streaming} />
        </span>
        <span>
          Push notifications <YesNo value={caps.pushNotifications} />
        </span>
        <span>
          Extended card for signed-in callers <YesNo value={caps.extendedAgentCard} />
        </span>
      </div>
      {extensions.length > 0 && (
        <ul className="card-list">
          {extensions.map((e, i) => (
            <li key={i}>
              <span className="card-url">{asText(e.uri) ?? "?"}</span>
              {e.required === true && <span className="badge warning inline">required</span>}
              {asText(e.description) && <span className="muted small"> {String(e.description)}</span>}
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function SkillCard(props: { index: number; skill: Json; ctx: Ctx }) {
  const { skill, ctx } = props;
  const at = `/skills/${props.index}`;
  const tags = asTexts(skill.tags);
  const examples = asTexts(skill.examples);
  const input = asTexts(skill.inputModes);
  const output = asTexts(skill.outputModes);
  const findings = ctx.review.diagnostics.filter((d: Diagnostic) => d.pointer !== undefined && under(d.pointer, at));
  const { errors, warnings } = counts(findings);
  const file = ctx.review.sources.find((s) => s.pointer === `${at}/id`)?.file;
  return (
    <Part ctx={ctx} pointer={at} className="skill-card" as="div">
      <div className="skill-card-head">
        <h4>{asText(skill.name) ?? asText(skill.id) ?? "unnamed skill"}</h4>
        {errors > 0 && <span className="badge error">{plural(errors, "error")}</span>}
        {warnings > 0 && <span className="badge warning">{plural(warnings, "warning")}</span>}
      </div>
      {file && <div className="source-caption skill-card-file">{file}</div>}
      <Part ctx={ctx} pointer={`${at}/description`} className="skill-card-description" as="div">
        <p>{asText(skill.description) ?? <Missing />}</p>
      </Part>
      <Part ctx={ctx} pointer={`${at}/tags`} className="skill-card-row" as="div">
        <span className="card-modes-label">Tags</span>
        {tags.length === 0 ? (
          <span className="badge error">no tags</span>
        ) : (
          tags.map((t, i) => (
            <span key={i} className="tag-chip">
              {t}
            </span>
          ))
        )}
        <Source ctx={ctx} pointer={`${at}/tags`} />
      </Part>
      <Part ctx={ctx} pointer={`${at}/examples`} className="skill-card-examples" as="div">
        <div className="skill-card-row">
          <span className="card-modes-label">Examples</span>
          {examples.length === 0 && <span className="muted">none</span>}
          <Source ctx={ctx} pointer={`${at}/examples`} />
        </div>
        {examples.map((e, i) => (
          <Part key={i} ctx={ctx} pointer={`${at}/examples/${i}`} className="example-quote" as="blockquote">
            {e}
          </Part>
        ))}
      </Part>
      <div className="skill-card-row">
        <span className="card-modes-label">Modes</span>
        {input.length === 0 && output.length === 0 ? (
          <span className="muted small">the card's defaults</span>
        ) : (
          <>
            <span className="muted small">in</span>
            {input.length ? input.map((m) => <code key={`in-${m}`}>{m}</code>) : <span className="muted small">the card's defaults</span>}
            <span className="muted small">· out</span>
            {output.length ? output.map((m) => <code key={`out-${m}`}>{m}</code>) : <span className="muted small">the card's defaults</span>}
            <Source ctx={ctx} pointer={input.length ? `${at}/inputModes` : `${at}/outputModes`} />
          </>
        )}
      </div>
    </Part>
  );
}
