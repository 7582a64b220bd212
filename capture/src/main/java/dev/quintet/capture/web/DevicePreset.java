package dev.quintet.capture.web;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Named viewports of common phones, tablets and desktops (CSS pixels, device pixel ratio, touch and mobile
 * layout, and the browser's user agent on the phones and tablets). {@code docs/capture.md} lists them.
 */
enum DevicePreset {
    IPHONE_SE(375, 667, 2, true, Agents.IPHONE),
    IPHONE_15(393, 852, 3, true, Agents.IPHONE),
    IPHONE_15_PRO_MAX(430, 932, 3, true, Agents.IPHONE),
    PIXEL_8(412, 915, 2.625, true, Agents.ANDROID),
    GALAXY_S23(360, 780, 3, true, Agents.ANDROID),
    IPAD(820, 1180, 2, true, Agents.IPAD),
    IPAD_PRO(1024, 1366, 2, true, Agents.IPAD),
    GALAXY_TAB_S8(800, 1280, 2, true, Agents.ANDROID_TABLET),
    LAPTOP(1366, 768, 1, false, null),
    MACBOOK_AIR(1440, 900, 2, false, null),
    DESKTOP_HD(1920, 1080, 1, false, null),
    DESKTOP_4K(3840, 2160, 1, false, null);

    final int width;
    final int height;
    final double scale;
    final boolean mobile;
    final String userAgent;

    DevicePreset(int width, int height, double scale, boolean mobile, String userAgent) {
        this.width = width;
        this.height = height;
        this.scale = scale;
        this.mobile = mobile;
        this.userAgent = userAgent;
    }

    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    static List<String> ids() {
        return Arrays.stream(values()).map(DevicePreset::id).toList();
    }

    static DevicePreset of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }

    private static final class Agents {
        static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15"
                + " (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
        static final String IPAD = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15"
                + " (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
        static final String ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36"
                + " (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
        static final String ANDROID_TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X700) AppleWebKit/537.36"
                + " (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
    }
}
