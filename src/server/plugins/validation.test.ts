import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ownMessages } from '../../contract/errors';
import { registerErrorHandler } from './errors';
import { validatorCompiler } from './validation';

describe('the validator backstop', () => {
  it('refuses a control character in a field that forgot text(), at any depth, and in a key', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/echo/:id',
        { schema: { params: z.object({ id: z.string() }), body: z.record(z.string(), z.unknown()) } },
        async () => ({ ok: true }),
      );
    const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: body as object });
    expect((await post('/echo/1', { note: 'fine\n\tmulti-line' })).statusCode).toBe(200);
    for (const [url, body] of [
      ['/echo/1', { note: 'a\u0000b' }],
      ['/echo/1', { deep: [{ deeper: ['x', 'y\u001b'] }] }],
      ['/echo/1', { 'key\u0000': 1 }],
      ['/echo/%00', {}],
    ] as const) {
      const answer = await post(url, body);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toEqual({ message: ownMessages.controlCharacters });
    }
    await app.close();
  });
});
