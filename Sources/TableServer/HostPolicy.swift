import Foundation

/// Which host names a server answers to and which origins may post to it: the defence against
/// DNS rebinding (a foreign name that resolves to the server) and cross-site posts, as Django's
/// `ALLOWED_HOSTS` and origin check do it.
struct HostPolicy: Sendable {
    enum Rule: Sendable {
        /// The server listens on loopback: only names that mean this machine.
        case loopbackNames
        /// Only these (`name`, `name:port`, `.domain` for the domain and its subdomains).
        case listed([String])
        /// Any name (a public server nobody told its name).
        case any
    }

    var rule: Rule
    /// The scheme of the public URL, when one was given.
    var publicScheme: String?

    /// Whether a request with this `Host` header is answered. A request without one (HTTP/1.0,
    /// or a test client) cannot come from a browser tricked by DNS, and is.
    func allows(host header: String?) -> Bool {
        guard let header else { return true }
        guard let (name, port) = Self.split(header) else { return false }
        switch rule {
        case .any: return true
        case .loopbackNames: return Self.isLoopbackName(name)
        case let .listed(entries):
            return entries.contains { entry in
                let isDomain = entry.hasPrefix(".")
                guard let (allowedName, allowedPort) = Self.split(isDomain ? String(entry.dropFirst()) : entry) else { return false }
                if let allowedPort {
                    // A Host without a port means the scheme's default one.
                    let defaultPort = publicScheme == "https" ? 443 : 80
                    guard port == allowedPort || (port == nil && allowedPort == defaultPort) else { return false }
                }
                return isDomain ? name == allowedName || name.hasSuffix("." + allowedName) : name == allowedName
            }
        }
    }

    /// Whether a post may come from the page that sent it: a browser that says the request is
    /// cross-site (`Sec-Fetch-Site`) is refused, and the `Origin` (or, without one, the
    /// `Referer`) must name the host the request was sent to, by the site's scheme. Neither header
    /// (a script, curl) passes: the form token still guards the post.
    func allowsPost(origin: String?, referer: String?, fetchSite: String?, host: String?, isSecure: Bool) -> Bool {
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" { return false }
        guard let source = origin ?? referer else { return true }
        guard source != "null", let url = URL(string: source), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", var sourceHost = url.host, !sourceHost.isEmpty else { return false }
        if sourceHost.contains(":"), !sourceHost.hasPrefix("[") { sourceHost = "[\(sourceHost)]" }
        guard scheme == publicScheme ?? (isSecure ? "https" : "http") else { return false }
        let sourceAuthority = Self.normalized(url.port.map { "\(sourceHost):\($0)" } ?? sourceHost, scheme: scheme)
        guard allows(host: sourceAuthority) else { return false }
        guard let host else { return true }
        return sourceAuthority == Self.normalized(host, scheme: scheme)
    }

    /// Whether `name` (without a port) means this machine.
    static func isLoopbackName(_ name: String) -> Bool {
        if name == "127.0.0.1" || name == "localhost" { return true }  // nearly every request to a loopback server
        let name = name.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        // A name below localhost (RFC 6761), each of its labels one: not "..localhost".
        if name.hasSuffix(".localhost") { return !name.hasPrefix(".") && !name.contains("..") }
        if name.hasPrefix("["), name.hasSuffix("]") {
            // ::1 however it is spelt ([0:0:0:0:0:0:0:1]), or a loopback IPv4 address mapped into IPv6.
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1 else { return false }
            let bytes = withUnsafeBytes(of: address) { Array($0) }
            return bytes == [UInt8](repeating: 0, count: 15) + [1] || (bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] && bytes[12] == 127)
        }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// A host header's name (lower case, brackets kept for IPv6) and port; `nil` for anything
    /// but a host name, an IPv4 address or a bracketed IPv6 address, with an optional port.
    static func split(_ header: String) -> (name: String, port: Int?)? {
        // Checked and split byte by byte: every request's Host goes through here twice. Every
        // byte is checked, and upper case looked for, in one pass over the string's storage.
        let bytes = header.utf8
        let isBracketed = bytes.first == UInt8(ascii: "[")
        guard !bytes.isEmpty, bytes.count <= 261 else { return nil }
        var header = header
        let (isValid, hasUpperCase) = header.withUTF8 { stored in
            var hasUpperCase = false
            for byte in stored {
                guard isAllowed(byte, bracketed: isBracketed) else { return (false, false) }
                if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { hasUpperCase = true }
            }
            return (true, hasUpperCase)
        }
        guard isValid else { return nil }
        let text = hasUpperCase ? header.lowercased() : header
        let utf8 = text.utf8
        let nameEnd: String.Index
        if isBracketed {
            guard let close = utf8.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            nameEnd = utf8.index(after: close)
        } else {
            nameEnd = utf8.firstIndex(of: UInt8(ascii: ":")) ?? utf8.endIndex
        }
        // A fully qualified name may end with its root's dot ("localhost."): the same name.
        let fullyQualified = !isBracketed && nameEnd > utf8.index(after: utf8.startIndex) && utf8[utf8.index(before: nameEnd)] == UInt8(ascii: ".")
        let name = fullyQualified ? String(text[..<utf8.index(before: nameEnd)]) : nil
        if nameEnd == utf8.endIndex { return (name ?? text, nil) }
        guard nameEnd != utf8.startIndex, utf8[nameEnd] == UInt8(ascii: ":"), let port = port(utf8[utf8.index(after: nameEnd)...]) else {
            return nil
        }
        return (name ?? String(text[..<nameEnd]), port)
    }

    /// The port that `digits` name, 1 to 65,535; `nil` for anything else.
    private static func port(_ digits: Substring.UTF8View) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if value > 65_535 { return nil }
        }
        return value == 0 ? nil : value
    }

    /// Whether `byte` may stand in a Host header: ASCII letters, digits, `-._:` in a name or
    /// IPv4 address and port; hex digits, `:.` and the brackets in a bracketed IPv6 address.
    private static func isAllowed(_ byte: UInt8, bracketed: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"),
             UInt8(ascii: ":"), UInt8(ascii: "."):
            true
        case UInt8(ascii: "["), UInt8(ascii: "]"):
            bracketed
        case UInt8(ascii: "g")...UInt8(ascii: "z"), UInt8(ascii: "G")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            !bracketed
        default:
            false
        }
    }

    /// `authority` in lower case without the scheme's default port.
    private static func normalized(_ authority: String, scheme: String) -> String {
        guard let (name, port) = split(authority) else { return authority.lowercased() }
        if let port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) { return "\(name):\(port)" }
        return name
    }
}
