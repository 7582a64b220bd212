package dev.quintet.events;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** A stand-in authorization server: publishes a JWKS on a free port and signs access tokens like the console's. */
final class TestIssuer implements AutoCloseable {

    private final RSAKey key;
    private final RSAKey stranger;
    private final HttpServer server;
    private final Clock clock;
    private final AtomicInteger jwksFetches = new AtomicInteger();

    TestIssuer(Clock clock) {
        this.clock = clock;
        try {
            key = new RSAKeyGenerator(2048).keyID("test-key").algorithm(JWSAlgorithm.RS256).generate();
            stranger = new RSAKeyGenerator(2048).keyID("test-key").algorithm(JWSAlgorithm.RS256).generate();
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/oauth/jwks", exchange -> {
            jwksFetches.incrementAndGet();
            byte[] body = new JWKSet(key).toString(true).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    int jwksFetches() {
        return jwksFetches.get();
    }

    /** A valid token for {@code account} with {@code scope} (space-separated), issued now for 15 minutes. */
    String token(UUID account, String scope) {
        return sign(key, claims(account, scope).build());
    }

    JWTClaimsSet.Builder claims(UUID account, String scope) {
        Instant now = clock.instant();
        return new JWTClaimsSet.Builder().issuer(url()).subject(account.toString()).audience(List.of("events"))
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now))
                .expirationTime(Date.from(now.plus(Duration.ofMinutes(15))))
                .jwtID(UUID.randomUUID().toString()).claim("client_id", "qc_test").claim("scope", scope);
    }

    String sign(JWTClaimsSet claims) {
        return sign(key, claims);
    }

    /** Signed by a key the JWKS does not hold, under the same key id. */
    String signByStranger(JWTClaimsSet claims) {
        return sign(stranger, claims);
    }

    private static String sign(RSAKey with, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(with.getKeyID())
                    .type(new JOSEObjectType("at+jwt")).build(), claims);
            jwt.sign(new RSASSASigner(with));
            return jwt.serialize();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }

}
