package dev.quintet.console.oauth.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.SignedJWT;
import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

/** Which key signs access tokens and which ones the JWKS publishes, on a new installation and on an upgraded one. */
class SigningKeysTest {

    static MutableClock clock;
    static TestPlatform platform;
    static JdbcClient jdbc;

    @BeforeAll
    static void start() {
        clock = new MutableClock(Instant.parse("2026-06-01T10:00:00Z"));
        platform = TestPlatform.start(clock);
        SchemaMigrations.migrate(platform.bean(DataSource.class), "console");
        jdbc = platform.bean(JdbcClient.class);
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    @BeforeEach
    @AfterEach
    void noKeys() {
        jdbc.sql("DELETE FROM console.oauth_signing_keys").update();
    }

    @Test
    void everyNodeSignsWithTheSameP256KeyMadeOnce() throws Exception {
        List<JWK> first;
        try (ExecutorService nodes = Executors.newFixedThreadPool(4)) {
            List<Future<List<JWK>>> started = List.of(1, 2, 3, 4).stream()
                    .map(n -> nodes.submit(() -> new SigningKeys(jdbc, clock).keys())).toList();
            first = started.getFirst().get();
            for (Future<List<JWK>> node : started) {
                assertThat(node.get()).isEqualTo(first);
            }
        }

        assertThat(first).hasSize(1);
        ECKey key = (ECKey) first.getFirst();
        assertThat(key.isPrivate()).isTrue();
        assertThat(key.getCurve()).isEqualTo(Curve.P_256);
        assertThat(key.getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        assertThat(key.getKeyUse()).isEqualTo(KeyUse.SIGNATURE);
        assertThat(key.getKeyID()).isEqualTo(key.computeThumbprint().toString());
        assertThat(jdbc.sql("SELECT count(*) FROM console.oauth_signing_keys").query(Integer.class).single()).isEqualTo(1);
    }

    @Test
    void anInstallationWithAnRs256KeyKeepsPublishingItButSignsWithEs256() throws Exception {
        RSAKey old = new RSAKey.Builder(new RSAKeyGenerator(2048).keyUse(KeyUse.SIGNATURE)
                .algorithm(JWSAlgorithm.RS256).generate()).keyIDFromThumbprint().build();
        jdbc.sql("""
                INSERT INTO console.oauth_signing_keys (purpose, key_id, jwk, created_at)
                VALUES ('access-token', :kid, :jwk, :now)""")
                .param("kid", old.getKeyID()).param("jwk", old.toJSONString())
                .param("now", Timestamp.from(clock.instant())).update();
        JWKSource<SecurityContext> source = new SigningKeys(jdbc, clock).source();

        List<JWK> published = source.get(new JWKSelector(new JWKMatcher.Builder().build()), null);
        String token = new NimbusJwtEncoder(source).encode(JwtEncoderParameters.from(
                JwsHeader.with(SigningKeys.ALGORITHM).build(),
                JwtClaimsSet.builder().subject("someone").build())).getTokenValue();

        assertThat(published).extracting(JWK::getKeyID).hasSize(2).contains(old.getKeyID());
        JWK publishedOld = published.stream().filter(k -> k.getKeyID().equals(old.getKeyID())).findFirst().orElseThrow();
        assertThat(publishedOld.isPrivate()).isFalse();
        assertThat(publishedOld.toRSAKey().getModulus()).isEqualTo(old.getModulus());
        ECKey signing = (ECKey) published.stream().filter(k -> k instanceof ECKey).findFirst().orElseThrow();
        SignedJWT jwt = SignedJWT.parse(token);
        assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        assertThat(jwt.getHeader().getKeyID()).isEqualTo(signing.getKeyID());
        assertThat(jwt.verify(new ECDSAVerifier(signing.toPublicJWK()))).isTrue();
    }
}
