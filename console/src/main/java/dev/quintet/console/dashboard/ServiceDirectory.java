package dev.quintet.console.dashboard;

import dev.quintet.console.ConsoleProperties;
import dev.quintet.platform.keys.Services;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/** The five services with the base URLs this console was told about. */
@Component
final class ServiceDirectory {

    private record Description(String name, String summary) {
    }

    private static final Map<String, Description> DESCRIPTIONS = Map.of(
            "router", new Description("LLM router", "One OpenAI-compatible chat endpoint for many models and providers"),
            "devices", new Description("IoT device control", "Read and command devices connected over MQTT or HTTP"),
            "capture", new Description("Page capture", "Screenshots, HTML to PDF and content extraction"),
            "events", new Description("Event discovery", "Find and publish events; apps sign in with OAuth 2"),
            "packages", new Description("Package metadata", "Releases and dependencies across package managers"));

    private final List<ServiceLink> all;

    ServiceDirectory(ConsoleProperties properties) {
        this.all = properties.serviceUrls().entrySet().stream()
                .map(e -> {
                    Description d = DESCRIPTIONS.get(e.getKey());
                    return new ServiceLink(e.getKey(), d.name(), d.summary(), e.getValue(),
                            Services.KEYED.contains(e.getKey()));
                })
                .toList();
    }

    List<ServiceLink> all() {
        return all;
    }

    List<ServiceLink> keyed() {
        return all.stream().filter(ServiceLink::keyed).toList();
    }
}
