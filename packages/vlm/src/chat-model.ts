/**
 * One structured reading through the chat-completions API (OpenAI, vLLM, Ollama, llama.cpp server): the
 * receipt image (when there is one) and its OCR text in, a JSON object of the receipt fields *as printed*
 * out (`response_format: json_schema`, strict). The only importer of `openai` in the project.
 */

import type { ApiUsage } from '@rv/core/cost'
import { modelReadingJsonSchema } from '@rv/core/extraction'
import OpenAI from 'openai'
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions'

export interface ChatModelOptions {
  baseUrl: string
  apiKey: string | undefined
  model: string
  timeoutMs: number
  maxOutputTokens: number
}

export interface ReadingRequest {
  /** The receipt picture; absent for a PDF, whose text layer is then the whole input. */
  image?: { bytes: Uint8Array; mediaType: string }
  /** OCR text of the image, or the PDF's text layer. */
  text: string
}

export interface ReadingAnswer {
  /** The parsed JSON object, or null when the model answered something else (refusal, bad JSON). */
  reading: unknown
  usage: ApiUsage
}

const instructions = [
  'You transcribe a Russian bank payment receipt.',
  'Return every field exactly as it is printed on the receipt; never compute, convert, translate or guess.',
  'Use null for anything that is not printed. The OCR text may contain recognition errors: trust the image.',
].join(' ')

export type ChatModel = (request: ReadingRequest, signal?: AbortSignal) => Promise<ReadingAnswer>

export function createChatModel(options: ChatModelOptions): ChatModel {
  // Our own retry policy (retry.ts) sees every attempt; the client's would hide them.
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs,
    maxRetries: 0,
  })
  return async (request, signal) => {
    const content: ChatCompletionContentPart[] = [
      { type: 'text', text: `OCR text of the receipt:\n${request.text}` },
    ]
    if (request.image) {
      const url = `data:${request.image.mediaType};base64,${Buffer.from(request.image.bytes).toString('base64')}`
      content.push({ type: 'image_url', image_url: { url, detail: 'high' } })
    }
    const completion = await client.chat.completions.create(
      {
        model: options.model,
        temperature: 0,
        max_tokens: options.maxOutputTokens,
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'receipt_fields', strict: true, schema: modelReadingJsonSchema },
        },
        messages: [
          { role: 'system', content: instructions },
          { role: 'user', content },
        ],
      },
      { signal },
    )
    const usage: ApiUsage = completion.usage ?? { prompt_tokens: 0, completion_tokens: 0 }
    const text = completion.choices[0]?.message?.content ?? null
    let reading: unknown = null
    if (text !== null) {
      try {
        reading = JSON.parse(text)
      } catch {
        reading = null
      }
    }
    return { reading, usage }
  }
}
