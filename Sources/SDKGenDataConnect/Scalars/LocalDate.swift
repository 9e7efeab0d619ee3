import Foundation

/// A calendar date without time or zone: GraphQL `Date`, on the wire `"yyyy-MM-dd"`.
public struct LocalDate: Codable, Comparable, CustomStringConvertible, Equatable, Sendable, Hashable {
    private let year: Int, month: Int, day: Int

    /// The start of this day in the device's current time zone (Gregorian calendar).
    public var date: Date {
        // A new calendar uses the device's current time zone.
        Calendar(identifier: .gregorian).date(from: DateComponents(year: year, month: month, day: day))
            ?? Date(timeIntervalSince1970: 0)
    }

    /// Creates a date; throws `DataConnectCodecError.invalidLocalDateFormat` for a day that does not exist or a year outside 1...9999.
    public init(year: Int, month: Int, day: Int) throws {
        guard CivilCalendar.isValid(year: year, month: month, day: day) else {
            throw DataConnectCodecError(
                code: .invalidLocalDateFormat, message: "\(year)-\(month)-\(day) is not a valid date (years 1...9999)")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in the device's current time zone.
    public init(date: Date) {
        let components = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: date)
        year = components.year ?? 1970
        month = components.month ?? 1
        day = components.day ?? 1
    }

    /// Parses `"yyyy-MM-dd"` (ASCII digits); throws `DataConnectCodecError.invalidLocalDateFormat`.
    public init(localDateString: String) throws {
        let bytes = Array(localDateString.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = CivilCalendar.number(bytes[0..<4]),
              let month = CivilCalendar.number(bytes[5..<7]),
              let day = CivilCalendar.number(bytes[8..<10])
        else {
            throw DataConnectCodecError(
                code: .invalidLocalDateFormat, message: "\"\(localDateString)\" is not a yyyy-MM-dd date")
        }
        try self.init(year: year, month: month, day: day)
    }

    /// `"yyyy-MM-dd"`.
    public var description: String {
        CivilCalendar.text(year: year, month: month, day: day)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = try? LocalDate(localDateString: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected Date (yyyy-MM-dd), found \"\(text)\"")
        }
        self = date
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
