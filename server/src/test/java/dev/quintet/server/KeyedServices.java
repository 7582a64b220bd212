package dev.quintet.server;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.TestPlatform;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The four API-key services started on one test platform, with how to read each one's error body. */
final class KeyedServices {

    static final List<String> NAMES = List.of("router", "devices", "capture", "packages");

    private final Map<String, String> urls = new LinkedHashMap<>();

    KeyedServices(TestPlatform platform) {
        for (String name : NAMES) {
            App app = App.byId(name).orElseThrow();
            String[] args = switch (name) {
                case "devices" -> new String[] {"--quintet.devices.mqtt-port=0"};
                case "packages" -> new String[] {"--quintet.packages.debian.ingest-on-schedule=false"};
                default -> new String[0];
            };
            urls.put(name, platform.startApp(app.type, name, args));
        }
    }

    String url(String service) {
        return urls.get(service);
    }

    /** Our error code, wherever the service's shape keeps it. */
    static String errorCode(String service, HttpResponse<String> response) {
        return JsonPath.read(response.body(), service.equals("router") ? "$.error.metadata.reason" : "$.code");
    }

    static String errorMessage(String service, HttpResponse<String> response) {
        return JsonPath.read(response.body(), service.equals("router") ? "$.error.message" : "$.detail");
    }

    static String errorContentType(String service) {
        return service.equals("router") ? "application/json" : "application/problem+json";
    }
}
