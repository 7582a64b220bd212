package dev.quintet.platform.keys;

/** A newly created key: the only moment the full secret exists outside the caller's hands. */
public record IssuedKey(ApiKey key, String secret) {

    @Override
    public String toString() {
        return "IssuedKey[" + key.masked() + "]";
    }
}
