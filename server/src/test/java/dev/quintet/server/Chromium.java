package dev.quintet.server;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import dev.quintet.capture.browser.ChromiumExecutable;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Headless Chromium for browser tests, found as the capture service finds its own ({@link ChromiumExecutable}), else
 * the browser Playwright downloads. Background networking stays off; the sandbox is turned off
 * only when running as root requires it.
 */
final class Chromium {

    private Chromium() {
    }

    static Playwright playwright() {
        Map<String, String> env = new HashMap<>();
        if (executable().isPresent()) {
            env.put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        }
        return Playwright.create(new Playwright.CreateOptions().setEnv(env));
    }

    static Browser launch(Playwright playwright) {
        BrowserType.LaunchOptions options = new BrowserType.LaunchOptions()
                .setHeadless(true)
                .setArgs(arguments());
        executable().ifPresent(options::setExecutablePath);
        return playwright.chromium().launch(options);
    }

    private static List<String> arguments() {
        List<String> args = new java.util.ArrayList<>(List.of(
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--disable-gpu", "--disable-quic"));
        if ("root".equals(System.getProperty("user.name"))) {
            args.add("--no-sandbox");
        }
        return args;
    }

    static Optional<Path> executable() {
        return ChromiumExecutable.find(System.getenv("QUINTET_CHROMIUM"), System.getenv("PATH"));
    }
}
