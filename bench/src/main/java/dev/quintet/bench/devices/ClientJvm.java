package dev.quintet.bench.devices;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A second JVM of this benchmark that plays the devices' (and apps') side, so that the benchmark's own process holds
 * only the service: its heap, collections and threads are the service's alone. The child is this benchmark started
 * again with a system property naming its part and the file that describes its work; it reports on its standard
 * output.
 */
final class ClientJvm {

    private ClientJvm() {
    }

    static Process start(String property, Path file, String... args) throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        List<String> command = new ArrayList<>(List.of(javaBin, "-D" + property + "=" + file));
        if (cp.endsWith(".jar") && !cp.contains(File.pathSeparator)) {
            command.addAll(List.of("-jar", cp, "devices"));
        } else {
            command.addAll(List.of("-cp", cp, "dev.quintet.bench.Bench", "devices"));
        }
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
