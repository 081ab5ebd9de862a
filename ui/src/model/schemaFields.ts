// Reads a profile's JSON Schema (2020-12) into the list of fields the Form tab shows.

export type FieldKind = "text" | "textarea" | "checkbox" | "select" | "number" | "map" | "other";

export type FieldSpec = {
  name: string;
  title: string;
  description: string | null;
  kind: FieldKind;
  required: boolean;
  minLength: number | null;
  maxLength: number | null;
  options: string[];
};

type JsonObject = Record<string, unknown>;

function asObject(value: unknown): JsonObject | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : null;
}

function typesOf(schema: JsonObject): Set<string> {
  const types = new Set<string>();
  const t = schema.type;
  if (typeof t === "string") types.add(t);
  if (Array.isArray(t)) for (const x of t) if (typeof x === "string") types.add(x);
  for (const key of ["oneOf", "anyOf"]) {
    const alternatives = schema[key];
    if (Array.isArray(alternatives)) {
      for (const alt of alternatives) {
        const o = asObject(alt);
        if (o) for (const x of typesOf(o)) types.add(x);
      }
    }
  }
  return types;
}

function optionsOf(schema: JsonObject): string[] {
  const values: unknown[] = [];
  if (Array.isArray(schema.enum)) values.push(...schema.enum);
  for (const key of ["oneOf", "anyOf"]) {
    const alternatives = schema[key];
    if (Array.isArray(alternatives)) {
      for (const alt of alternatives) {
        const o = asObject(alt);
        if (o && "const" in o) values.push(o.const);
        if (o && Array.isArray(o.enum)) values.push(...o.enum);
      }
    }
  }
  return values.filter((v): v is string => typeof v === "string");
}

function kindOf(name: string, schema: JsonObject): FieldKind {
  const types = typesOf(schema);
  const options = optionsOf(schema);
  if (name === "metadata") return "map";
  if (options.length > 0 && (types.size === 0 || (types.size === 1 && types.has("string"))))
    return "select";
  if (types.size === 1 && types.has("boolean")) return "checkbox";
  if (types.has("string")) {
    const max = typeof schema.maxLength === "number" ? schema.maxLength : 0;
    return name === "description" || max > 200 ? "textarea" : "text";
  }
  if (types.size > 0 && [...types].every((t) => t === "integer" || t === "number")) return "number";
  if (types.size === 1 && types.has("object")) {
    const extra = asObject(schema.additionalProperties);
    return extra && typesOf(extra).has("string") ? "map" : "other";
  }
  return "other";
}

function titleOf(name: string): string {
  const words = name.replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldsOf(schemaValue: unknown): FieldSpec[] {
  const schema = asObject(schemaValue);
  const properties = asObject(schema?.properties);
  if (!schema || !properties) return [];
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [],
  );
  return Object.entries(properties).map(([name, value]) => {
    const prop = asObject(value) ?? {};
    return {
      name,
      title: typeof prop.title === "string" ? prop.title : titleOf(name),
      description: typeof prop.description === "string" ? prop.description : null,
      kind: kindOf(name, prop),
      required: required.has(name),
      minLength: typeof prop.minLength === "number" ? prop.minLength : null,
      maxLength: typeof prop.maxLength === "number" ? prop.maxLength : null,
      options: optionsOf(prop),
    };
  });
}

/** A frontmatter value as the text an input shows, or null when it is not a plain value. */
export function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** The frontmatter as a plain object (empty when it could not be read). */
export function frontmatterObject(frontmatter: unknown): JsonObject {
  return asObject(frontmatter) ?? {};
}

/** Short, readable text of any JSON value (for fields shown read-only). */
export function previewOf(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 1).replace(/\n\s*/g, " ");
  } catch {
    return String(value);
  }
}
