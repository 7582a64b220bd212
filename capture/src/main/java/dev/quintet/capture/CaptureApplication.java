package dev.quintet.capture;

import dev.quintet.capture.browser.BrowserPool;
import dev.quintet.capture.browser.BrowserSettings;
import dev.quintet.capture.browser.ChromiumExecutable;
import dev.quintet.capture.safety.EgressPolicy;
import dev.quintet.capture.safety.EgressProxy;
import dev.quintet.capture.safety.HostResolver;
import dev.quintet.capture.safety.RequestGuard;
import dev.quintet.platform.web.QuintetApiApplication;
import dev.quintet.platform.web.ServiceRealm;
import dev.quintet.capture.files.CapturedFiles;
import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.tasks.PeriodicTask;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.DependsOn;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The page capture app (S3): called by servers, so no CORS; errors as problem+json. */
@QuintetApiApplication
@EnableConfigurationProperties(CaptureProperties.class)
public class CaptureApplication {

    @Bean
    ServiceRealm serviceRealm(CaptureProperties properties) {
        return ServiceRealm.of("capture", false).withMaxBodyBytes(properties.maxBodyBytes())
                .withPublicPath("/v1/files");
    }

    @Bean
    InitializingBean captureSchema(DataSource dataSource) {
        return () -> SchemaMigrations.migrate(dataSource, "capture");
    }

    @Bean
    @DependsOn("captureSchema")
    CapturedFiles capturedFiles(JdbcClient jdbc, Clock clock, SecureRandom random) {
        return new CapturedFiles(jdbc, clock, random);
    }

    @Bean
    PeriodicTask fileSweep(CapturedFiles files) {
        return new PeriodicTask("capture-file-sweep", Duration.ofMinutes(1), files::deleteExpired);
    }

    @Bean
    EgressPolicy egressPolicy(CaptureProperties properties) {
        return new EgressPolicy(HostResolver.system(), properties.allowPrivateNetworks(),
                properties.allowedNetworks());
    }

    @Bean(destroyMethod = "close")
    EgressProxy egressProxy(EgressPolicy policy) throws IOException {
        return new EgressProxy(policy, 10_000);
    }

    @Bean(destroyMethod = "close")
    BrowserPool browserPool(CaptureProperties properties, EgressPolicy policy, EgressProxy proxy, Environment env) {
        String configured = env.getProperty("QUINTET_CHROMIUM", env.getProperty("quintet.chromium", ""));
        BrowserSettings settings = new BrowserSettings(
                ChromiumExecutable.find(configured, System.getenv("PATH")), proxy.address(),
                properties.pages(), properties.queue(), properties.startTimeout(), properties.recycleAfter());
        RequestGuard guard = new RequestGuard(policy);
        BrowserPool pool = new BrowserPool(settings, guard::install);
        pool.warmUp();
        return pool;
    }
}
