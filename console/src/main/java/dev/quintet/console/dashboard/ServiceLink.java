package dev.quintet.console.dashboard;

/** One service as the dashboard shows it; {@code keyed} services take API keys, the others OAuth. */
public record ServiceLink(String id, String name, String summary, String baseUrl, boolean keyed) {
}
