/** The console's page on the LLM router: use by model per day, and the latest generations. */
package dev.quintet.console.llm;
