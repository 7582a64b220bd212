package dev.quintet.packages.web;

import dev.quintet.packages.fetch.Adapters;
import dev.quintet.packages.store.Projects;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/platforms}: the package managers served, with how many projects the store holds for each. */
@RestController
final class PlatformsController {

    private final Adapters adapters;
    private final Projects projects;

    PlatformsController(Adapters adapters, Projects projects) {
        this.adapters = adapters;
        this.projects = projects;
    }

    @GetMapping(value = {"/api/platforms", "/api/platforms/"}, produces = "application/json")
    List<PlatformView> platforms() {
        Map<String, Long> counts = projects.countsByPlatform();
        return adapters.supported().stream().map(e -> new PlatformView(e.displayName(), e.key(),
                counts.getOrDefault(e.key(), 0L), e.homepage(), e.defaultLanguage(), e.purlType())).toList();
    }
}
