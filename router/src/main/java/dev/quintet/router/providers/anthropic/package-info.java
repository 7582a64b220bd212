/** The adapter for Anthropic's Messages API: requests, answers and streams translated to and from OpenAI's format. */
package dev.quintet.router.providers.anthropic;
