package dev.quintet.router.providers.translation;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** A base64 {@code data:} URL split into its media type and data, as both Anthropic and Gemini want images. */
public record DataUrl(String mediaType, String base64) {

    private static final Pattern WEB = Pattern.compile("https?://", Pattern.CASE_INSENSITIVE);
    private static final Pattern IMAGE_EXTENSION = Pattern.compile("\\.(png|gif|webp|jpe?g)$");
    /** The video types Gemini takes, by file extension. */
    private static final Map<String, String> VIDEO_TYPES = Map.of("mp4", "video/mp4", "mpeg", "video/mpeg",
            "mpg", "video/mpg", "mov", "video/mov", "avi", "video/avi", "flv", "video/x-flv", "webm", "video/webm",
            "wmv", "video/wmv", "3gp", "video/3gpp");

    /** The parts of {@code url}, empty when it is not a base64 data URL. */
    public static Optional<DataUrl> parse(String url) {
        return mediaTypeOf(url).map(type -> new DataUrl(type, url.substring(url.indexOf(',') + 1)));
    }

    /**
     * The media type of a base64 data URL as {@link #parse} reads it ({@code application/octet-stream} when it names
     * none), without copying its data; empty when {@code url} is no base64 data URL.
     */
    public static Optional<String> mediaTypeOf(String url) {
        if (url == null || !url.startsWith("data:")) {
            return Optional.empty();
        }
        int comma = url.indexOf(',');
        int marker = url.lastIndexOf(";base64", comma);
        if (comma < 0 || marker < 0) {
            return Optional.empty();
        }
        String type = url.substring(5, marker);
        return Optional.of(type.isEmpty() ? "application/octet-stream" : type);
    }

    /**
     * The media type without its parameters ({@code ;charset=...}, {@code ;name=...}) and in lower case, the form
     * APIs that take a bare media type want.
     */
    public String baseType() {
        return baseType(mediaType);
    }

    /** {@code mediaType} without its parameters and in lower case. */
    public static String baseType(String mediaType) {
        int semicolon = mediaType.indexOf(';');
        return (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    /** Whether {@code url} is an http or https URL. */
    public static boolean isWeb(String url) {
        return WEB.matcher(url).lookingAt();
    }

    /** A media type for an image at an http URL, guessed from its extension (JPEG when there is none). */
    public static String guessImageType(String url) {
        String path = path(url);
        if (path.endsWith(".png")) {
            return "image/png";
        }
        if (path.endsWith(".gif")) {
            return "image/gif";
        }
        if (path.endsWith(".webp")) {
            return "image/webp";
        }
        return "image/jpeg";
    }

    /**
     * A media type for a file at an http URL: an image's (as {@link #guessImageType}) when its extension is an
     * image's; PDF when it is {@code .pdf} or the URL names no extension (the document type such a URL most likely
     * holds); empty for any other extension, a type the translations do not send by URL.
     */
    public static Optional<String> guessFileType(String url) {
        String path = path(url);
        if (IMAGE_EXTENSION.matcher(path).find()) {
            return Optional.of(guessImageType(url));
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        return path.endsWith(".pdf") || !name.contains(".") ? Optional.of("application/pdf") : Optional.empty();
    }

    /**
     * A media type for a video at an http(s) URL, from its extension among those Gemini takes; empty for any other
     * extension, a name without one, or a URL of another scheme.
     */
    public static Optional<String> guessVideoType(String url) {
        String name = path(url).substring(path(url).lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return !isWeb(url) || dot < 0 ? Optional.empty()
                : Optional.ofNullable(VIDEO_TYPES.get(name.substring(dot + 1)));
    }

    /** The URL in lower case without its query or fragment. */
    private static String path(String url) {
        return url.toLowerCase(Locale.ROOT).replaceAll("[?#].*$", "");
    }
}
