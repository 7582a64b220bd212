package dev.quintet.router.providers;

/** A provider the router may call, with the key to call it with (null for servers that take none). */
public record Connection(ProviderInfo provider, String apiKey) {
}
