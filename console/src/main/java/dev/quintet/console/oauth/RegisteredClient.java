package dev.quintet.console.oauth;

/** A newly registered client with its secret, shown once; {@code secret} is null for public clients. */
public record RegisteredClient(OAuthClient client, String secret) {

    @Override
    public String toString() {
        return "RegisteredClient[" + client.clientId() + "]";
    }
}
