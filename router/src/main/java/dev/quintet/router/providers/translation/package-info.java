/** What the translating adapters share: reading OpenAI requests, writing OpenAI answers, chunks and streams. */
package dev.quintet.router.providers.translation;
