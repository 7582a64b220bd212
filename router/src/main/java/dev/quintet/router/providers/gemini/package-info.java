/** The adapter for Google's Gemini API (generateContent): requests, answers and streams translated to OpenAI's. */
package dev.quintet.router.providers.gemini;
