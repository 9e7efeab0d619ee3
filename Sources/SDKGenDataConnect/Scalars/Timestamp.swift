import Foundation

/// A point in time with nanosecond precision: GraphQL `Timestamp`.
///
/// Same API as FirebaseCore's `Timestamp` (which this runtime cannot depend on). On the wire it is RFC 3339 in UTC with
/// 0, 3, 6 or 9 fractional digits, e.g. `"2006-01-02T15:04:05.123Z"`; decoding also accepts `±hh:mm` offsets.
public struct Timestamp: Codable, Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int64
    /// Fraction of the second, 0..<1_000_000_000.
    public let nanoseconds: Int32

    /// Creates a timestamp. Nanoseconds outside 0..<1e9 carry into `seconds` (FirebaseCore raises an exception instead).
    public init(seconds: Int64, nanoseconds: Int32) {
        let carry = Int64(nanoseconds).floorDiv(1_000_000_000)
        self.seconds = seconds &+ carry
        self.nanoseconds = Int32(Int64(nanoseconds) - carry * 1_000_000_000)
    }

    /// The timestamp of `date`, to the nearest nanosecond.
    public init(date: Date) {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        // Dates beyond Int64 seconds cannot be represented; they saturate.
        guard let seconds = Int64(exactly: whole) else {
            self.init(seconds: interval < 0 ? .min : .max, nanoseconds: 0)
            return
        }
        self.init(seconds: seconds, nanoseconds: Int32(((interval - whole) * 1e9).rounded()))
    }

    /// The current time.
    public static func timestamp() -> Timestamp {
        Timestamp(date: Date())
    }

    /// This timestamp as a `Date` (which has less precision).
    public func dateValue() -> Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// The RFC 3339 form, or a `seconds/nanoseconds` form when out of the years 1...9999.
    public var description: String {
        (try? rfc3339String()) ?? "Timestamp(seconds: \(seconds), nanoseconds: \(nanoseconds))"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = Timestamp(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected Timestamp (RFC 3339), found \"\(text)\"")
        }
        self = parsed
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try rfc3339String())
    }

    // 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the range RFC 3339 can express.
    private static let minSeconds: Int64 = -62_135_596_800
    private static let maxSeconds: Int64 = 253_402_300_799

    /// UTC RFC 3339 with the shortest of 0/3/6/9 fractional digits, as protobuf JSON does.
    func rfc3339String() throws -> String {
        guard (Timestamp.minSeconds...Timestamp.maxSeconds).contains(seconds) else {
            throw DataConnectCodecError(
                code: .invalidTimestampFormat, message: "Timestamp(seconds: \(seconds)) is outside the years 1...9999")
        }
        let days = Int(seconds.floorDiv(86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let civil = CivilCalendar.date(daysSinceEpoch: days)
        var text = CivilCalendar.text(year: civil.year, month: civil.month, day: civil.day)
            + String(format: "T%02ld:%02ld:%02ld", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        var fraction = Int(nanoseconds)
        var digits = 9
        while digits > 0, fraction % 1000 == 0 {
            fraction /= 1000
            digits -= 3
        }
        if digits > 0 { text += String(format: ".%0*ld", Int32(digits), fraction) }
        return text + "Z"
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss[.f{1,9}](Z|±hh:mm)`, `T` and `Z` in either case.
    init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20,
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] | 0x20 == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = CivilCalendar.number(bytes[0..<4]),
              let month = CivilCalendar.number(bytes[5..<7]),
              let day = CivilCalendar.number(bytes[8..<10]),
              let hour = CivilCalendar.number(bytes[11..<13]),
              let minute = CivilCalendar.number(bytes[14..<16]),
              let second = CivilCalendar.number(bytes[17..<19]),
              CivilCalendar.isValid(year: year, month: month, day: day),
              hour < 24, minute < 60, second < 60
        else { return nil }

        var index = 19
        var nanos = 0
        if bytes[index] == UInt8(ascii: ".") {
            let end = bytes[(index + 1)...].firstIndex { !(0x30...0x39).contains($0) } ?? bytes.count
            let digits = bytes[(index + 1)..<end]
            guard (1...9).contains(digits.count), let fraction = CivilCalendar.number(digits) else { return nil }
            nanos = (digits.count..<9).reduce(fraction) { value, _ in value * 10 }
            index = end
        }

        let zone = bytes[index...]
        var offsetSeconds = 0
        if zone.count == 6, let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
           bytes[index + 3] == UInt8(ascii: ":"),
           let offsetHours = CivilCalendar.number(bytes[(index + 1)..<(index + 3)]),
           let offsetMinutes = CivilCalendar.number(bytes[(index + 4)..<(index + 6)]),
           offsetHours < 24, offsetMinutes < 60 {
            let magnitude = offsetHours * 3600 + offsetMinutes * 60
            offsetSeconds = sign == UInt8(ascii: "+") ? magnitude : -magnitude
        } else if zone.count != 1 || zone.first! | 0x20 != UInt8(ascii: "z") {
            return nil
        }

        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(seconds: local - Int64(offsetSeconds), nanoseconds: Int32(nanos))
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    func floorDiv(_ divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
