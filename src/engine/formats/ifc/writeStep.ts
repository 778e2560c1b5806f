import { formatReal, formatString } from '../step/part21';
/**
 * A minimal ISO 10303-21 (STEP physical file) writer for IFC: entity instances are appended as text lines with
 * increasing ids, and the file is turned into bytes once. We write STEP ourselves rather than through web-ifc's
 * `CreateModel`/`WriteLine`/`SaveModel` because (1) `CreateModel` stamps the wall-clock time into FILE_NAME, so two
 * exports of one model would differ; (2) `WriteLine` costs about 25 µs per entity on the CI machine (40k entities
 * in 1.0 s), which is minutes for a 100k-member building, where this costs about 1 µs; (3) `SaveModel` grows its
 * buffer by copying once per chunk. web-ifc still opens every file we write (see ifcWrite.test.ts).
 */

/** A reference to an entity instance (`#12`). */
export class StepRef {
  constructor(readonly id: number) {}
}

/** An enumeration value (`.BEAM.`). */
export class StepEnum {
  constructor(readonly value: string) {}
}

/** An INTEGER (written without a decimal point, unlike a REAL). */
export class StepInt {
  constructor(readonly value: number) {}
}

/** A typed value inside a SELECT (`IFCBOOLEAN(.T.)`, `IFCLABEL('x')`). */
export class StepTyped {
  constructor(
    readonly typeName: string,
    readonly value: StepValue,
  ) {}
}

/** `*`: an attribute the entity derives (IfcSIUnit.Dimensions, IfcOrientedEdge.EdgeStart…). */
export const DERIVED: unique symbol = Symbol('derived');

/** `null` is `$` (unset optional attribute); numbers are REALs; booleans are `.T.` / `.F.`. */
export type StepValue =
  | null
  | typeof DERIVED
  | string
  | number
  | boolean
  | StepRef
  | StepEnum
  | StepInt
  | StepTyped
  | readonly StepValue[];

export const enumValue = (value: string): StepEnum => new StepEnum(value);
export const int = (value: number): StepInt => new StepInt(value);
export const typed = (typeName: string, value: StepValue): StepTyped => new StepTyped(typeName, value);

export { formatReal, formatString } from '../step/part21';

export function formatValue(value: StepValue): string {
  if (value === null) return '$';
  if (value === DERIVED) return '*';
  if (typeof value === 'number') return formatReal(value);
  if (typeof value === 'string') return formatString(value);
  if (typeof value === 'boolean') return value ? '.T.' : '.F.';
  if (value instanceof StepRef) return `#${value.id}`;
  if (value instanceof StepEnum) return `.${value.value}.`;
  if (value instanceof StepInt) return String(Math.trunc(value.value));
  if (value instanceof StepTyped) return `${value.typeName}(${formatValue(value.value)})`;
  return `(${(value as readonly StepValue[]).map(formatValue).join(',')})`;
}

/** Appends entity instances and counts them per type, for the report. */
export class StepWriter {
  private readonly lines: string[] = [];
  readonly counts = new Map<string, number>();

  /** Writes `#n=TYPE(args);` and returns `#n`. `type` is the upper-case IFC name, e.g. `IFCBEAM`. */
  add(type: string, args: readonly StepValue[]): StepRef {
    const id = this.lines.length + 1;
    this.lines.push(`#${id}=${type}(${args.map(formatValue).join(',')});\n`);
    this.counts.set(type, (this.counts.get(type) ?? 0) + 1);
    return new StepRef(id);
  }

  get size(): number {
    return this.lines.length;
  }

  /** The whole file: `header` is the HEADER section's entries (FILE_DESCRIPTION, FILE_NAME, FILE_SCHEMA). */
  toBytes(header: readonly string[]): Uint8Array {
    const parts = ['ISO-10303-21;\nHEADER;\n', ...header.map((line) => `${line}\n`), 'ENDSEC;\nDATA;\n'];
    const tail = 'ENDSEC;\nEND-ISO-10303-21;\n';
    let length = tail.length;
    for (const part of parts) length += part.length;
    for (const line of this.lines) length += line.length;
    const bytes = new Uint8Array(length);
    let at = 0;
    const put = (text: string): void => {
      // Every character is ASCII (formatString escapes the rest), so one code unit is one byte.
      for (let index = 0; index < text.length; index++) bytes[at++] = text.charCodeAt(index);
    };
    for (const part of parts) put(part);
    for (const line of this.lines) put(line);
    put(tail);
    return bytes;
  }
}
