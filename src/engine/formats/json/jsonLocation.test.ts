import { describe, expect, it } from 'vitest';
import { findJsonPathOffset, findJsonSyntaxProblem, lineOfOffset } from './jsonLocation';

function problemLine(text: string): number | undefined {
  const problem = findJsonSyntaxProblem(text);
  return problem ? lineOfOffset(text, problem.offset) : undefined;
}

describe('locating JSON problems', () => {
  it('finds nothing wrong in valid JSON, whatever JSON.parse accepts', () => {
    for (const text of [
      '{}',
      '[]',
      '0',
      '"a\\u00e9\\n"',
      '{"a":[1,-2.5e+3,true,false,null,{"b":{}}]}',
      '\ufeff{ }',
    ]) {
      expect(findJsonSyntaxProblem(text)).toBeUndefined();
    }
  });

  it('gives the line of the first syntax error', () => {
    expect(problemLine('{\n  "a": 1,\n  "b": 2,\n}')).toBe(4);
    expect(problemLine('[\n1,\n2\n3]')).toBe(4);
    expect(problemLine('{\n"a": "unclosed\n}')).toBe(2);
    expect(problemLine('{"a": 01}')).toBe(1);
    expect(problemLine('{\n"a": 1}\n\n x')).toBe(4);
    expect(problemLine('{\n  "a": [\n')).toBe(3);
  });

  it('survives nesting far deeper than a recursive parser could', () => {
    const deep = `${'['.repeat(200_000)}\n}`;
    expect(problemLine(deep)).toBe(2);
  });

  it('finds where the value at a path starts, or its deepest existing ancestor', () => {
    const text = '{\n  "nodes": [\n    {"x": 1},\n    {\n      "x": "one"\n    }\n  ]\n}';
    expect(lineOfOffset(text, findJsonPathOffset(text, ['nodes', 1, 'x']))).toBe(5);
    expect(lineOfOffset(text, findJsonPathOffset(text, ['nodes', 1, 'y']))).toBe(4);
    expect(lineOfOffset(text, findJsonPathOffset(text, ['levels']))).toBe(1);
  });
});
