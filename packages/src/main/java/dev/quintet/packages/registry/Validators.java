package dev.quintet.packages.registry;

/** HTTP cache validators of an upstream answer, kept as the upstream sent them; either may be null. */
public record Validators(String etag, String lastModified) {

    public static final Validators NONE = new Validators(null, null);

    public boolean isEmpty() {
        return etag == null && lastModified == null;
    }
}
