package dev.quintet.capture.browser;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Finds the Chromium to run: the configured path ({@code QUINTET_CHROMIUM}), else the first of
 * {@code chromium-headless-shell}, {@code chromium}, {@code chromium-browser} and {@code google-chrome} found on
 * the {@code PATH}; empty means Playwright's own browser. The headless shell comes first: it is Chromium without
 * the desktop browser's layers, the build Playwright itself runs headless, and it makes and tears down the
 * isolated context of each capture for far less CPU than the full browser in its headless mode (see
 * docs/benchmarks.md, Capture).
 */
public final class ChromiumExecutable {

    private static final List<String> NAMES = List.of("chromium-headless-shell", "chromium", "chromium-browser",
            "google-chrome");

    private ChromiumExecutable() {
    }

    /** The executable to use given the configured path (may be blank) and the {@code PATH} value. */
    public static Optional<Path> find(String configured, String searchPath) {
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured.trim()));
        }
        if (searchPath == null) {
            return Optional.empty();
        }
        List<String> dirs = Arrays.stream(searchPath.split(File.pathSeparator)).filter(d -> !d.isBlank()).toList();
        for (String name : NAMES) {
            for (String dir : dirs) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
