package dev.quintet.platform.web;

import dev.quintet.platform.BuildVersion;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /health}: 200 with the build version when the app and its database answer, 503 otherwise. */
@RestController
final class HealthController {

    private final String service;
    private final JdbcClient jdbc;

    HealthController(String service, JdbcClient jdbc) {
        this.service = service;
        this.jdbc = jdbc;
    }

    @GetMapping(value = "/health", produces = "application/json")
    ResponseEntity<Map<String, Object>> health() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("service", service);
        body.put("version", BuildVersion.get());
        try {
            jdbc.sql("SELECT 1").query(Integer.class).single();
            body.put("status", "up");
            return ResponseEntity.ok(body);
        } catch (RuntimeException e) {
            body.put("status", "down");
            body.put("reason", "database unreachable");
            return ResponseEntity.status(503).body(body);
        }
    }
}
