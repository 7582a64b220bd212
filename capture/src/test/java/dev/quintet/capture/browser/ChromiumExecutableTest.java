package dev.quintet.capture.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the Chromium executable is chosen. */
class ChromiumExecutableTest {

    @TempDir
    Path dir;

    @Test
    void prefersTheConfiguredPath() {
        assertThat(ChromiumExecutable.find("/opt/chrome/chrome", dir.toString())).hasValue(Path.of("/opt/chrome/chrome"));
    }

    @Test
    void findsChromiumOnThePath() throws IOException {
        Path chromium = executable(dir, "google-chrome");

        assertThat(ChromiumExecutable.find("", "/nonexistent:" + dir)).hasValue(chromium);
    }

    @Test
    void prefersTheHeadlessShellWhereverItIsOnThePath(@TempDir Path other) throws IOException {
        executable(dir, "chromium");
        Path shell = executable(other, "chromium-headless-shell");

        assertThat(ChromiumExecutable.find(" ", dir + ":" + other)).hasValue(shell);
    }

    @Test
    void findsNothingWhenThePathHasNoBrowser() {
        assertThat(ChromiumExecutable.find(null, dir.toString())).isEmpty();
    }

    private static Path executable(Path dir, String name) throws IOException {
        return Files.createFile(dir.resolve(name),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    }
}
