import { describeBadInputSweep } from '../../test-support/bad-input';

// The shared sweep: every google-chat operation, as every role, with garbage (the app not configured
// there). Garbage signed as Chat signs it: google-chat.test.ts ("bad input").
describeBadInputSweep('google-chat');
