/** The adapter for providers that speak OpenAI's chat-completions wire format. */
package dev.quintet.router.providers.openai;
