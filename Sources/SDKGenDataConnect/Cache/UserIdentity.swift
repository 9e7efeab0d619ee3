import Foundation

/// Who the cache belongs to, derived from the auth token sent with requests.
enum UserIdentity {
    /// The scope name when no token is sent.
    static let anonymous = "anon"

    /// `uid(fromToken:)`, or for a token that is no readable JWT a name derived from all of it (so it shares no cache).
    static func user(fromToken token: String?) -> String {
        guard let token, !token.isEmpty else { return anonymous }
        if let id = uid(fromToken: token) { return "uid:" + id }
        return "token:" + StableHash.hex(token)
    }

    /// The Firebase user id (`user_id`, else `sub`) of a JWT ID token; `nil` without one.
    static func uid(fromToken token: String?) -> String? {
        guard let claims = claims(fromToken: token) else { return nil }
        for key in ["user_id", "sub"] { if case .string(let id)? = claims[key], !id.isEmpty { return id } }
        return nil
    }

    /// The expiry (`exp` claim) of a JWT ID token; `nil` when it has none.
    static func expiry(ofToken token: String) -> Date? {
        switch claims(fromToken: token)?["exp"] {
        case .int(let seconds)?: return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds)?: return Date(timeIntervalSince1970: seconds)
        default: return nil
        }
    }

    /// The claims of a JWT; `nil` for no token or one that is not a readable JWT.
    static func claims(fromToken token: String?) -> [String: JSONValue]? {
        guard let token else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
              case .object(let claims)? = try? JSONValue.parse(data) else { return nil }
        return claims
    }
}

/// A hash for file names, the same in every process (unlike `Hasher`): two FNV-1a 64-bit hashes with different offsets.
/// The file also stores the full identity, checked on load, so a collision cannot mix two stores.
enum StableHash {
    static func hex(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return String(format: "%016llx%016llx", fnv(bytes, offset: 0xcbf2_9ce4_8422_2325), fnv(bytes, offset: 0x6c62_272e_07bb_0142))
    }

    private static func fnv(_ bytes: [UInt8], offset: UInt64) -> UInt64 {
        var hash = offset
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
