package dev.quintet.capture.browser;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the Chromium to run: the configured path ({@code QUINTET_CHROMIUM}), else {@code chromium},
 * {@code chromium-browser} or {@code google-chrome} on the {@code PATH}; empty means Playwright's own browser.
 */
public final class ChromiumExecutable {

    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");

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
        for (String dir : searchPath.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            for (String name : NAMES) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
