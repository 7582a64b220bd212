package dev.quintet.bench.capture;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Mozilla Readability run by Node over the same pages. The npm packages are installed on first use into a cache
 * folder ({@code $XDG_CACHE_HOME/quintet/bench-readability}, else {@code ~/.cache/...}), never into the project.
 */
final class ReadabilityPeer {

    static final String READABILITY = "@mozilla/readability@0.6.0";
    static final String JSDOM = "jsdom@26.1.0";

    private final Path node;
    private final Path modules;

    private ReadabilityPeer(Path node, Path modules) {
        this.node = node;
        this.modules = modules;
    }

    /** The peer, installed when needed; empty (with the reason printed) when Node or npm is missing or fails. */
    static Optional<ReadabilityPeer> prepare() {
        Optional<Path> node = onPath("node");
        Optional<Path> npm = onPath("npm");
        if (node.isEmpty() || npm.isEmpty()) {
            System.out.println("Readability skipped: node and npm are not on PATH");
            return Optional.empty();
        }
        String cacheHome = System.getenv().getOrDefault("XDG_CACHE_HOME", System.getProperty("user.home") + "/.cache");
        Path modules = Path.of(cacheHome, "quintet", "bench-readability");
        try {
            if (!Files.isDirectory(modules.resolve("node_modules/@mozilla/readability"))
                    || !Files.isDirectory(modules.resolve("node_modules/jsdom"))) {
                Files.createDirectories(modules);
                System.out.println("Installing " + READABILITY + " and " + JSDOM + " into " + modules);
                run(List.of(npm.get().toString(), "install", "--prefix", modules.toString(), "--no-audit", "--no-fund",
                        "--loglevel=error", READABILITY, JSDOM), null);
            }
            return Optional.of(new ReadabilityPeer(node.get(), modules));
        } catch (IOException | RuntimeException e) {
            System.out.println("Readability skipped: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Readability's main text of each page, by page name. */
    Map<String, String> extract(List<EvaluationSet.Page> pages) throws IOException {
        Path dir = Files.createTempDirectory("quintet-extract-bench");
        try {
            for (EvaluationSet.Page page : pages) {
                Files.writeString(dir.resolve(page.name() + ".html"), page.html());
            }
            Path script = dir.resolve("readability.mjs");
            Files.writeString(script, EvaluationSet.read("readability.mjs"));
            String out = run(List.of(node.toString(), script.toString(), modules.toString(), dir.toString()), dir);
            Map<String, String> texts = new HashMap<>();
            JsonMapper json = JsonMapper.builder().build();
            for (String line : out.split("\n")) {
                if (!line.isBlank()) {
                    JsonNode row = json.readTree(line);
                    texts.put(row.get("page").asString(), row.get("text").asString());
                }
            }
            return texts;
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    private static String run(List<String> command, Path dir) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        if (dir != null) {
            builder.directory(dir.toFile());
        }
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException(command.getFirst() + " failed with exit code "
                        + (process.isAlive() ? "none (timed out)" : process.exitValue()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        return out;
    }

    private static Optional<Path> onPath(String name) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(File.pathSeparator)).map(d -> Path.of(d, name)).filter(Files::isExecutable)
                .findFirst();
    }
}
