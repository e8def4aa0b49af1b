"""The SMTP replies the judge's server gives, as named constants (tests assert against these)."""
ACCEPTED = "250 2.0.0 Message accepted for the judge"
RCPT_OK = "250 2.1.5 Recipient ok"
UNKNOWN_RECIPIENT = "550 5.1.1 No such recipient here"
TOO_BIG = "552 5.3.4 Message too big"
RATE_LIMITED = "451 4.7.1 Too many messages from this sender; try again later"
TEMPORARY_FAILURE = "451 4.3.0 Temporary failure; try again later"
UNUSABLE_SENDER = ("553 5.6.7 The From or Reply-To address cannot be answered by this judge (only plain ASCII "
                   "addresses are supported)")
