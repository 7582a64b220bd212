/** LLM router (S1): one OpenAI-compatible endpoint to many models. */
package dev.quintet.router;
