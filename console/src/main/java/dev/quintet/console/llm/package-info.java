/** The console's page on the LLM router: use by model per day, the latest generations, each key's spending limit. */
package dev.quintet.console.llm;
