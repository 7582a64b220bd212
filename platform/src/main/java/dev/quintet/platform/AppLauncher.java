package dev.quintet.platform;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts the shared platform context and the apps as its children, each with its own web server, so one JVM
 * can run any subset of the six apps. Used by the server and by tests alike.
 */
public final class AppLauncher {

    static final String LOGGING_CONFIG = "classpath:dev/quintet/platform/logback.xml";

    private AppLauncher() {
    }

    /** Starts the non-web platform context; {@code args} are command-line style ({@code --quintet.data-dir=...}). */
    public static ConfigurableApplicationContext startPlatform(Clock clock, String... args) {
        SpringApplicationBuilder builder = new SpringApplicationBuilder(PlatformConfiguration.class)
                .web(WebApplicationType.NONE)
                .properties(Map.of("spring.main.banner-mode", "off", "spring.jmx.enabled", "false",
                        "logging.config", LOGGING_CONFIG))
                .logStartupInfo(false);
        if (clock != null) {
            builder.initializers(ctx -> ctx.getBeanFactory().registerSingleton("clock", clock));
        }
        return builder.run(args);
    }

    /** Starts one app as a child of {@code platform}, listening on {@code port} (0 for any free port). */
    public static ConfigurableApplicationContext startApp(ConfigurableApplicationContext platform, Class<?> app,
                                                          String name, int port, String... extraArgs) {
        List<String> args = new ArrayList<>(List.of("--server.port=" + port, "--spring.application.name=" + name));
        PlatformProperties settings = platform.getBean(PlatformProperties.class);
        if (settings.tls()) {
            args.addAll(List.of("--server.ssl.enabled=true",
                    "--server.ssl.key-store=" + settings.tlsKeystore(),
                    "--server.ssl.key-store-password=" + settings.tlsKeystorePassword(),
                    "--server.ssl.key-store-type=" + settings.tlsKeystoreType()));
        }
        args.addAll(List.of(extraArgs));
        return new SpringApplicationBuilder(app)
                .parent(platform)
                .web(WebApplicationType.SERVLET)
                .properties(appDefaults())
                .logStartupInfo(false)
                .run(args.toArray(String[]::new));
    }

    /** {@code https} when the platform is configured with a TLS keystore, else {@code http}. */
    public static String scheme(ConfigurableApplicationContext platform) {
        return platform.getBean(PlatformProperties.class).tls() ? "https" : "http";
    }

    static Map<String, Object> appDefaults() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("spring.main.banner-mode", "off");
        p.put("spring.jmx.enabled", "false");
        p.put("logging.config", LOGGING_CONFIG);
        p.put("logging.include-application-name", "false");
        p.put("logging.level.org.springframework.web.servlet.PageNotFound", "error");
        // Tomcat's check for threads a redeployed web app left running: an app here is never redeployed, and the
        // JVM-wide daemon threads that libraries start from request threads (OkHttp's, Okio's) are not leaks
        p.put("logging.level.org.apache.catalina.loader.WebappClassLoaderBase", "error");
        p.put("spring.threads.virtual.enabled", "true");
        p.put("spring.jackson.property-naming-strategy", "SNAKE_CASE");
        p.put("spring.jackson.default-property-inclusion", "non_null");
        p.put("spring.mvc.problemdetails.enabled", "false");
        p.put("server.error.whitelabel.enabled", "false");
        p.put("server.tomcat.mbeanregistry.enabled", "false");
        // Tomcat closes a kept-alive connection after 100 requests unless told otherwise: a client that keeps one
        // connection (an SDK's pool) then pays a new connection every hundredth request, its 99th percentile
        // included; idle connections still close after the connection timeout
        p.put("server.tomcat.max-keep-alive-requests", "-1");
        p.put("management.endpoints.web.base-path", "/");
        p.put("management.endpoints.web.exposure.include", "prometheus");
        p.put("management.endpoints.web.path-mapping.prometheus", "metrics");
        return p;
    }

    /** The port an app's web server listens on. */
    public static int port(ConfigurableApplicationContext app) {
        return ((org.springframework.boot.web.server.context.WebServerApplicationContext) app).getWebServer().getPort();
    }
}
