package dev.quintet.packages.resolve;

import java.util.Map;
import java.util.Optional;

/** The values of PEP 508 environment markers on the interpreter and platform a PyPI graph is resolved for. */
record PythonEnvironment(Map<String, String> values) {

    /** CPython 3.12 on 64-bit x86 Linux. */
    static final PythonEnvironment DEFAULT = new PythonEnvironment(Map.ofEntries(
            Map.entry("os_name", "posix"),
            Map.entry("sys_platform", "linux"),
            Map.entry("platform_machine", "x86_64"),
            Map.entry("platform_python_implementation", "CPython"),
            Map.entry("platform_system", "Linux"),
            Map.entry("platform_release", ""),
            Map.entry("platform_version", ""),
            Map.entry("python_version", "3.12"),
            Map.entry("python_full_version", "3.12.8"),
            Map.entry("implementation_name", "cpython"),
            Map.entry("implementation_version", "3.12.8")));

    /** Older spellings that markers in the wild still use. */
    private static final Map<String, String> ALIASES = Map.of(
            "os.name", "os_name",
            "sys.platform", "sys_platform",
            "platform.machine", "platform_machine",
            "platform.python_implementation", "platform_python_implementation",
            "python_implementation", "platform_python_implementation",
            "platform.version", "platform_version");

    Optional<String> value(String variable) {
        return Optional.ofNullable(values.get(ALIASES.getOrDefault(variable, variable)));
    }

    String pythonVersion() {
        return values.get("python_full_version");
    }
}
