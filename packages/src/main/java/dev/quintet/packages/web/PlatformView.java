package dev.quintet.packages.web;

/** One supported package manager in {@code GET /api/platforms}. */
record PlatformView(String name, String key, long projectCount, String homepage, String defaultLanguage,
                    String purlType) {
}
