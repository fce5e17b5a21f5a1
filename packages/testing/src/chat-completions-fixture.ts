/**
 * A local stand-in for a paid model API: a node:http server that speaks the chat-completions protocol
 * (`POST /v1/chat/completions`) well enough for the `openai` client. Each request takes the next scripted
 * reply; every request body is kept for assertions. The only test double the project allows.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FixtureUsage {
  prompt_tokens: number
  completion_tokens: number
  cached_tokens?: number
}

export type FixtureReply =
  /** 200 with `content` as the assistant message (a JSON string for structured output) and `usage`. */
  | { kind: 'answer'; content: string; usage: FixtureUsage; model?: string }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'status'; status: number; message?: string }
  /** Accept the request and never answer (until the server closes): a timeout. */
  | { kind: 'hang' }

export interface ChatCompletionsFixture {
  /** Base URL for `VLM_BASE_URL`, e.g. `http://127.0.0.1:43123/v1`. */
  url: string
  /** Parsed JSON bodies of every request received, in order. */
  requests: Record<string, unknown>[]
  /** Replies not yet used. */
  pending(): number
  close(): Promise<void>
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function completion(reply: Extract<FixtureReply, { kind: 'answer' }>, requestedModel: string, n: number) {
  const { prompt_tokens, completion_tokens, cached_tokens } = reply.usage
  return {
    id: `chatcmpl-fixture-${n}`,
    object: 'chat.completion',
    created: 1_700_000_000 + n,
    model: reply.model ?? requestedModel,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: {
      prompt_tokens,
      completion_tokens,
      total_tokens: prompt_tokens + completion_tokens,
      ...(cached_tokens === undefined ? {} : { prompt_tokens_details: { cached_tokens } }),
    },
  }
}

/**
 * @example
 * const api = await startChatCompletionsFixture([{ kind: 'answer', content: '{"amount":"1 ₽"}', usage: { prompt_tokens: 10, completion_tokens: 2 } }])
 * // VLM_BASE_URL=api.url ... ; await api.close()
 */
export async function startChatCompletionsFixture(replies: FixtureReply[]): Promise<ChatCompletionsFixture> {
  const queue = [...replies]
  const requests: Record<string, unknown>[] = []
  const hanging = new Set<ServerResponse>()
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      sendJson(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } })
      return
    }
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>
    requests.push(body)
    const reply = queue.shift()
    if (!reply) {
      sendJson(res, 500, { error: { message: 'fixture has no reply left', type: 'server_error' } })
      return
    }
    if (reply.kind === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (reply.kind === 'status') {
      sendJson(res, reply.status, {
        error: { message: reply.message ?? 'fixture error', type: 'server_error' },
      })
      return
    }
    sendJson(res, 200, completion(reply, String(body['model']), requests.length))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    pending: () => queue.length,
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
