/** The router's HTTP surface: OpenAI/OpenRouter-compatible routes and error shape. */
package dev.quintet.router.web;
