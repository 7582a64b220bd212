package dev.quintet.events;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
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

/**
 * A stand-in authorization server: publishes a JWKS on a free port and signs access tokens like the console's, with
 * ES256, or with RS256 as the console did before.
 */
public final class TestIssuer implements AutoCloseable {

    private final ECKey key;
    private final RSAKey rsaKey;
    private final ECKey stranger;
    private final HttpServer server;
    private final Clock clock;
    private final AtomicInteger jwksFetches = new AtomicInteger();

    public TestIssuer(Clock clock) {
        this.clock = clock;
        try {
            key = new ECKeyGenerator(Curve.P_256).keyID("test-key").algorithm(JWSAlgorithm.ES256).generate();
            rsaKey = new RSAKeyGenerator(2048).keyID("test-rsa-key").algorithm(JWSAlgorithm.RS256).generate();
            stranger = new ECKeyGenerator(Curve.P_256).keyID("test-key").algorithm(JWSAlgorithm.ES256).generate();
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/oauth/jwks", exchange -> {
            jwksFetches.incrementAndGet();
            byte[] body = new JWKSet(List.<JWK>of(key, rsaKey)).toString(true).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    int jwksFetches() {
        return jwksFetches.get();
    }

    /** A valid ES256 token for {@code account} with {@code scope} (space-separated), issued now for 15 minutes. */
    public String token(UUID account, String scope) {
        return sign(key, claims(account, scope).build());
    }

    /** The same as {@link #token} but signed with RS256, as the console did before it signed with ES256. */
    public String rs256Token(UUID account, String scope) {
        return sign(rsaKey, claims(account, scope).build());
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

    private static String sign(JWK with, JWTClaimsSet claims) {
        try {
            JWSSigner signer = with instanceof RSAKey rsa ? new RSASSASigner(rsa) : new ECDSASigner((ECKey) with);
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder((JWSAlgorithm) with.getAlgorithm())
                    .keyID(with.getKeyID()).type(new JOSEObjectType("at+jwt")).build(), claims);
            jwt.sign(signer);
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
