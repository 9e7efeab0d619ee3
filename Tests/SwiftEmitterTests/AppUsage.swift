/// App code written against the API of Firebase's generated packages (as the FriendlyFlix app and
/// KitchenSink's integration tests use it, docs/sources.md), compiled against our output by the compile test. Only the
/// runtime import differs from an app using Firebase.
enum AppUsage {
    static let code: [String: String] = ["library": library, "realtime": realtime, "scalars": scalars]

    static let library = """
        import Foundation
        import SDKGenDataConnect
        import LibrarySDK

        @MainActor
        func useLibrary(libraryId: UUID, bookId: UUID) async throws {
            let lib = DataConnect.cityLibraryConnector
            lib.useEmulator(port: 9399)
            let page = lib.listBooksQuery.ref { v in
                v.limit = 20
                v.order = .ASC
            }
            _ = try await page.execute()
            let titles: [String]? = page.data?.books.map(\\.title)
            let libraries: [LibraryKey]? = page.data?.books.map(\\.library.libraryKey)
            let unique: Set<ListBooksQuery.Data.Book> = Set(page.data?.books ?? [])
            let ids: [UUID] = unique.map(\\.id)
            let typed: ListBooksQuery.Ref = page
            let again: QueryRefObservation<ListBooksQuery.Data, ListBooksQuery.Variables> = lib.listBooksQuery.ref()
            _ = (titles, libraries, ids, typed, again)

            let one = try await lib.getBookQuery.execute(id: bookId)
            let key: BookKey? = one.data?.book?.bookKey
            let city: String? = one.data?.book?.shelf.city
            let copies: Int64? = one.data?.book?.copies
            let published: LocalDate? = one.data?.book?.published
            let addedAt: Timestamp? = one.data?.book?.addedAt
            let extra: AnyValue? = one.data?.book?.extra
            let pen: String? = one.data?.book?.author?.penName
            _ = (key, city, copies, published, addedAt, extra, pen)

            let added = try await lib.addBookMutation.execute(title: "Dune", libraryId: libraryId, copies: 3) {
                $0.pages = 412
                $0.tags = ["sf"]
            }
            let newKey: BookKey? = added.data?.book_insert
            let mutationRef: AddBookMutation.Ref = lib.addBookMutation.ref(title: "x", libraryId: libraryId, copies: 1)
            _ = (newKey, mutationRef)

            guard let cardKey = try await lib.issueCardMutation.execute(libraryId: libraryId, holder: "ada").data?.card_upsert else { return }
            _ = try await lib.setCardStatusMutation.execute(key: cardKey, status: .SUSPENDED)
            let card = try await lib.getCardQuery.execute(key: cardKey).data?.card
            let sameKey: CardKey? = card?.cardKey
            let identity: CardKey? = card?.id
            let status: String? = card.map { describe($0.status) }
            let loans: [LocalDate]? = card?.loans.map(\\.dueOn)
            let loanBooks: [BookKey]? = card?.loans.map(\\.book.bookKey)
            _ = (sameKey, identity, status, loans, loanBooks)

            let lent = try await lib.lendBookMutation.execute(bookId: bookId, libraryId: libraryId, holder: "ada", dueOn: LocalDate(year: 2030, month: 1, day: 31))
            if let loanKey: LoanKey = lent.data?.loan {
                let returned: LoanKey? = try await lib.returnBookMutation.execute(key: loanKey).data?.loan_update
                _ = returned
            }
            let dropped: CardKey? = try await lib.dropCardMutation.execute(key: cardKey).data?.card_delete
            let byStatus = try await lib.cardsByStatusQuery.execute { $0.statuses = [.ACTIVE, ._UNKNOWN("LOST")] }
            let borrowed: [[String]]? = byStatus.data?.cards.map { $0.books_via_Loan.map(\\.title) }
            let branches = try await lib.listLibrariesQuery.execute()
            let opened: [LocalDate?]? = branches.data?.libraries.map(\\.openedOn)
            _ = (dropped, borrowed, opened)

            var variables = ListBooksQuery.Variables { $0.limit = 1 }
            variables.limit = nil
            _ = variables.$limit.isSet
            if let author = try await lib.getAuthorQuery.execute(penName: "le guin").data?.author {
                let mentor: String? = author.mentor?.name
                let students: [AuthorKey] = author.authors_on_mentor.map(\\.authorAuthorsOnMentorKey)
                let self_: AuthorKey = author.authorKey
                let books: [BookKey] = author.books_on_author.map(\\.bookKey)
                _ = (mentor, students, self_, books)
            }
            _ = order(.DESC)
            _ = SearchQueryFormat.PHRASE.rawValue
        }

        func describe(_ status: CardStatus) -> String {
            switch status {
            case .ACTIVE: return "active"
            case .SUSPENDED, .EXPIRED: return status.rawValue
            case ._UNKNOWN(let raw): return raw
            }
        }

        func order(_ direction: OrderDirection) -> Int {
            switch direction {
            case .ASC: return 1
            case .DESC: return -1
            }
        }

        func connectorConfig() -> ConnectorConfig { CityLibraryConnector.connectorConfig }

        """

    static let realtime = """
        import Foundation
        import SDKGenDataConnect
        import MoviesSDK

        @MainActor
        func useMovies(movieId: UUID) async throws {
            let movies = DataConnect.moviesConnector
            let list = movies.listMoviesQuery.ref { $0.limit = 10 }
            _ = try await list.execute()
            _ = try await list.execute(fetchPolicy: .cacheOnly)
            _ = try await list.subscribe()
            let keys: [MovieKey]? = list.data?.movies.map(\\.movieKey)
            let source: DataSource? = list.source
            _ = (keys, source)

            let movie = try await movies.getMovieQuery.execute(fetchPolicy: .serverOnly, id: movieId).data?.movie
            let director: String? = movie?.metadata?.director
            let actors: [ActorKey]? = movie?.mainActors.map(\\.actorMainActorsKey)
            let reviewers: [UserKey]? = movie?.reviews.map(\\.user.userKey)
            let dates: [LocalDate]? = movie?.reviews.map(\\.reviewDate)
            let rating: Double? = movie?.rating
            _ = (director, actors, reviewers, dates, rating)

            let top = try await movies.topMoviesQuery.execute()
            let cached = try await movies.topMoviesQuery.execute(fetchPolicy: .preferCache)
            let topRef: TopMoviesQuery.Ref = movies.topMoviesQuery.ref()
            _ = (top.data?.movies.count, cached.source, topRef)

            let found = try await movies.searchMoviesQuery.execute(fetchPolicy: .serverOnly) {
                $0.variables = "Dune"
                $0.optionalVars = 5
                $0.fetchPolicy = "sf"
                $0.ref = 4.5
            }
            let searchRef: SearchMoviesQuery.Ref = movies.searchMoviesQuery.ref { $0.fetchPolicy = nil }
            let byTitle = try await movies.movieByTitleQuery.execute(fetchPolicy: .cacheOnly, fetchPolicy: "Dune") { $0.dataConnect = "x" }
            _ = (found.data?.movies.count, searchRef, byTitle.data?.movies.first?.id)

            let user: UserKey? = try await movies.upsertUserMutation.execute(username: "ada").data?.user_upsert
            let review: ReviewKey? = try await movies.addReviewMutation.execute(movieId: movieId, rating: 5, reviewText: "Great").data?.review_upsert
            let deleted: ReviewKey? = try await movies.deleteReviewMutation.execute(movieId: movieId).data?.review_delete
            _ = (user, review, deleted)
        }

        """

    static let scalars = """
        import Foundation
        import SDKGenDataConnect
        import ScalarKitchen

        @MainActor
        func useScalars(id: UUID) async throws {
            let kitchen = DataConnect.scalarKitchenConnector
            let inserted = try await kitchen.insertRequiredMutation.execute(
                text: "t", count: 1, big: Int64.max, ratio: 0.5, flag: true, ref: UUID(),
                day: LocalDate(year: 2024, month: 2, day: 29), at: Timestamp(date: Date()),
                blob: AnyValue(codableValue: ["a": 1]), mood: .MEH, embedding: [0.1, 0.2, 0.3])
            let key: RequiredKey? = inserted.data?.required_insert
            _ = key

            if let row = try await kitchen.getRequiredQuery.execute(id: id).data?.required {
                let values: (String, Int, Int64, Double, Bool, UUID, LocalDate, Timestamp, AnyValue, Mood, [Double]) =
                    (row.text, row.count, row.big, row.ratio, row.flag, row.ref, row.day, row.at, row.blob, row.mood, row.embedding)
                _ = values
                _ = row.requiredKey
            }
            let optionals = try await kitchen.listOptionalQuery.execute {
                $0.text = "t"
                $0.big = 3
                $0.ref = nil
                $0.day = try? LocalDate(localDateString: "2024-01-01")
                $0.mood = .HAPPY
            }
            if let row = optionals.data?.optionals.first {
                let values: (String?, Int?, Int64?, Double?, Bool?, UUID?, LocalDate?, Timestamp?, AnyValue?, Mood?, [Double]?) =
                    (row.text, row.count, row.big, row.ratio, row.flag, row.ref, row.day, row.at, row.blob, row.mood, row.embedding)
                _ = values
            }
            let rows = try await kitchen.listRowsQuery.execute(bigs: [1, 2]) { $0.refs = [UUID()] }
            if let row = rows.data?.listRows.first {
                let values: ([String]?, [Int]?, [Int64], [Double], [Bool]?, [UUID]?, [LocalDate]?, [Timestamp]?, [Mood]?) =
                    (row.texts, row.counts, row.bigs, row.ratios, row.flags, row.refs, row.days, row.ats, row.moods)
                _ = values
            }
            let event = try await kitchen.getEventQuery.execute(at: Timestamp(seconds: 0, nanoseconds: 0), kind: "k").data?.event
            let keywords: (String?, Int?, Bool?)? = event.map { ($0.default, $0.class, $0.protocol) }
            let eventKey: EventKey? = event?.eventKey
            _ = (keywords, eventKey)
            let newEvent = try await kitchen.insertEventMutation.execute(at: Timestamp(date: Date()), kind: "k") {
                $0.default = "d"
                $0.class = 2
            }
            _ = newEvent.data?.event_insert
            let filtered = try await kitchen.filterOptionalQuery.execute {
                $0.where = Optional_Filter(
                    _not: Optional_Filter(big: Int64_Filter(gt: 3)), text: String_Filter(eq: "x", pattern: String_Pattern(regex: "^x")))
                $0.where?._or = [Optional_Filter(ref: UUID_Filter(in: [UUID()]))]
                $0.orderBy = [Optional_Order(text: .ASC)]
            }
            _ = filtered.data?.optionals.first?.optionalOptionalsKey
            let insertedOptional: OptionalKey? = try await kitchen.insertOptionalMutation.execute(
                data: Optional_Data(text: "t", big: 4, mood: .SAD)).data?.optional_insert
            _ = insertedOptional
            let counts = try await kitchen.countRequiredQuery.execute().data?.requireds.first
            let aggregates: (Int, Int64?, Double?, LocalDate?)? = counts.map { ($0._count, $0.big_sum, $0.ratio_avg, $0.day_max) }
            let deleted: Int? = try await kitchen.deleteAllOptionalMutation.execute().data?.optional_deleteMany
            _ = (aggregates, deleted)
        }

        """
}
